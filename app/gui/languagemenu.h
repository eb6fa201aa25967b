// SPDX-License-Identifier: Apache-2.0
// The Language menu: the system's language or any compiled-in one, switched at run time.
#pragma once

#include <QMenu>

class QActionGroup;

namespace Rblab {

class LanguageManager;

/*!
    "System default (…)" and one entry per available language, each in its own name. Choosing
    one switches the interface at once (LanguageManager) and remembers the choice in QSettings.
*/
class LanguageMenu : public QMenu
{
    Q_OBJECT

public:
    explicit LanguageMenu(LanguageManager &languages, QWidget *parent = nullptr);

protected:
    void changeEvent(QEvent *event) override;

private:
    void rebuild();

    LanguageManager &m_languages;
    QActionGroup *m_group = nullptr;
};

} // namespace Rblab
