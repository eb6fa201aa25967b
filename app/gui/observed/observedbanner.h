// SPDX-License-Identifier: Apache-2.0
// The line above the assignment view while it shows imported logs.
#pragma once

#include <QWidget>

class QAction;
class QLabel;
class QToolButton;

namespace Rblab {

/*!
    Says that the view shows what client logs recorded, read-only (commands are off), which logs,
    and offers "Replay in the engine" beside it. Hidden while a scenario runs.
*/
class ObservedBanner : public QWidget
{
    Q_OBJECT

public:
    ObservedBanner(QAction *replay, QWidget *parent = nullptr);

    //! `summary`: ObservedWorld::summary(); `files`: the tooltip.
    void setSource(const QString &summary, const QStringList &files);
    QString text() const;

protected:
    void changeEvent(QEvent *event) override;

private:
    void updateText();

    QLabel *m_label = nullptr;
    QToolButton *m_replay = nullptr;
    QString m_summary;
};

} // namespace Rblab
