// SPDX-License-Identifier: Apache-2.0
// Which language the interface speaks, switchable at run time.
#pragma once

#include <QObject>
#include <QStringList>
#include <QTranslator>

#include <memory>

class QFont;

namespace Rblab {

/*!
    Installs the app's catalog (compiled in under :/i18n) and Qt's own (qtbase_*, for standard
    dialogs and buttons) for a language, and sets the default QLocale so numbers follow it.
    Installing a translator makes Qt send QEvent::LanguageChange to every widget, which
    retranslates itself: no restart. "en" is the source language and needs no catalog.
    Follows the system locale unless told otherwise (--lang, the Language menu).
*/
class LanguageManager : public QObject
{
    Q_OBJECT

public:
    explicit LanguageManager(QObject *parent = nullptr);
    ~LanguageManager() override;

    //! "en" plus every language with a compiled-in catalog ("zh_CN").
    static QStringList availableLanguages();
    //! The language's name in itself ("English", "简体中文"), for the menu.
    static QString nativeName(const QString &language);
    //! The available language closest to the system locale.
    static QString systemLanguage();

    //! Switches the interface; false (and nothing changes) for a language without a catalog.
    bool setLanguage(const QString &language);
    QString language() const { return m_language; }

signals:
    void languageChanged(const QString &language);

private:
    QString m_language;
    QTranslator *m_app = nullptr;
    QTranslator *m_qt = nullptr;
    std::unique_ptr<QFont> m_baseFont; //!< the font before any language changed it
};

} // namespace Rblab
