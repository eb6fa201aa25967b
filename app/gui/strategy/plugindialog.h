// SPDX-License-Identifier: Apache-2.0
// Which strategy plugins are loaded, and why the others are not.
#pragma once

#include <QDialog>

class QLabel;
class QTreeWidget;

namespace Rblab {

class StrategyRegistry;

/*!
    Lists every plugin file the registry met (Qt Creator's plugin overview): the loaded ones with
    their strategy, version, author and RocketMQ class, and the files that failed with the reason,
    in red, so a plugin author sees at once why theirs is missing.
*/
class PluginDialog : public QDialog
{
    Q_OBJECT

public:
    explicit PluginDialog(const StrategyRegistry &registry, QWidget *parent = nullptr);

    int loadedCount() const;
    int failedCount() const;

protected:
    void changeEvent(QEvent *event) override;

private:
    void populate();

    const StrategyRegistry &m_registry;
    QLabel *m_summary = nullptr;
    QTreeWidget *m_tree = nullptr;
};

} // namespace Rblab
