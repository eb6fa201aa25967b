// SPDX-License-Identifier: Apache-2.0
#include "languagemenu.h"

#include "languagemanager.h"

#include <QActionGroup>
#include <QEvent>
#include <QSettings>

namespace Rblab {

namespace {

const QString kKey = QStringLiteral("language");
const QString kSystem = QStringLiteral("system");

} // namespace

LanguageMenu::LanguageMenu(LanguageManager &languages, QWidget *parent)
    : QMenu(parent), m_languages(languages)
{
    m_group = new QActionGroup(this);
    connect(&languages, &LanguageManager::languageChanged, this, &LanguageMenu::rebuild);
    rebuild();
}

void LanguageMenu::rebuild()
{
    setTitle(tr("&Language"));
    clear();
    for (QAction *a : m_group->actions()) {
        m_group->removeAction(a);
        a->deleteLater();
    }
    const QString saved = QSettings().value(kKey).toString();
    const bool followsSystem = saved.isEmpty() || saved == kSystem;
    QAction *system
        = addAction(tr("System default (%1)")
                        .arg(LanguageManager::nativeName(LanguageManager::systemLanguage())));
    system->setCheckable(true);
    system->setChecked(followsSystem);
    system->setToolTip(tr("Follow the language of the system"));
    m_group->addAction(system);
    connect(system, &QAction::triggered, this, [this] {
        QSettings().setValue(kKey, kSystem);
        m_languages.setLanguage(LanguageManager::systemLanguage());
        rebuild();
    });
    addSeparator();
    for (const QString &language : LanguageManager::availableLanguages()) {
        QAction *action = addAction(LanguageManager::nativeName(language));
        action->setCheckable(true);
        action->setChecked(!followsSystem && m_languages.language() == language);
        action->setToolTip(
            tr("Switch the interface to %1").arg(LanguageManager::nativeName(language)));
        m_group->addAction(action);
        connect(action, &QAction::triggered, this, [this, language] {
            QSettings().setValue(kKey, language);
            m_languages.setLanguage(language);
            rebuild();
        });
    }
}

void LanguageMenu::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        setTitle(tr("&Language"));
    }
    QMenu::changeEvent(event);
}

} // namespace Rblab

#include "moc_languagemenu.cpp"
