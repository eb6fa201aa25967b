// SPDX-License-Identifier: Apache-2.0
#include "languagemanager.h"

#include <QCoreApplication>
#include <QDir>
#include <QFont>
#include <QGuiApplication>
#include <QLibraryInfo>
#include <QLocale>

namespace Rblab {

namespace {

const QString kCatalogPrefix = QStringLiteral("rebalance-lab_");

} // namespace

LanguageManager::LanguageManager(QObject *parent) : QObject(parent)
{
}

LanguageManager::~LanguageManager()
{
    if (m_app) {
        QCoreApplication::removeTranslator(m_app);
    }
    if (m_qt) {
        QCoreApplication::removeTranslator(m_qt);
    }
}

QStringList LanguageManager::availableLanguages()
{
    QStringList languages { QStringLiteral("en") };
    const QStringList files
        = QDir(QStringLiteral(":/i18n")).entryList({ kCatalogPrefix + QStringLiteral("*.qm") });
    for (const QString &file : files) {
        languages.append(file.mid(kCatalogPrefix.size()).chopped(3));
    }
    return languages;
}

QString LanguageManager::nativeName(const QString &language)
{
    if (language == QLatin1String("en")) {
        return QStringLiteral("English");
    }
    if (language == QLatin1String("zh_CN")) {
        return QStringLiteral("简体中文");
    }
    const QLocale locale(language);
    return locale.nativeLanguageName();
}

QString LanguageManager::systemLanguage()
{
    const QStringList available = availableLanguages();
    for (const QString &ui : QLocale::system().uiLanguages()) {
        QString name = ui;
        name.replace(QLatin1Char('-'), QLatin1Char('_'));
        // zh-Hans-CN and zh_CN are both Simplified Chinese.
        if (name.startsWith(QLatin1String("zh")) && !name.contains(QLatin1String("Hant"))
            && !name.contains(QLatin1String("TW")) && !name.contains(QLatin1String("HK"))
            && available.contains(QStringLiteral("zh_CN"))) {
            return QStringLiteral("zh_CN");
        }
        if (available.contains(name)) {
            return name;
        }
        const QString language = name.section(QLatin1Char('_'), 0, 0);
        if (available.contains(language)) {
            return language;
        }
    }
    return QStringLiteral("en");
}

bool LanguageManager::setLanguage(const QString &language)
{
    if (!availableLanguages().contains(language)) {
        return false;
    }
    if (language == m_language) {
        return true;
    }
    auto *app = new QTranslator(this);
    auto *qt = new QTranslator(this);
    if (language != QLatin1String("en")) {
        if (!app->load(kCatalogPrefix + language, QStringLiteral(":/i18n"))) {
            delete app;
            delete qt;
            return false;
        }
        if (!qt->load(QStringLiteral("qtbase_") + language,
                QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
            // Qt's own strings stay in English; ours are translated.
            delete qt;
            qt = nullptr;
        }
    }
    m_language = language;
    // Fontconfig would pick the first CJK face it finds (often the Japanese one) for Chinese
    // text; name the Simplified Chinese faces first so 消费者 uses the right glyph forms.
    if (qobject_cast<QGuiApplication *>(QCoreApplication::instance())) {
        if (!m_baseFont) {
            m_baseFont = std::make_unique<QFont>(QGuiApplication::font());
        }
        QFont font = *m_baseFont;
        if (language == QLatin1String("zh_CN")) {
            font.setFamilies({ m_baseFont->family(), QStringLiteral("Noto Sans CJK SC"),
                QStringLiteral("Source Han Sans SC"), QStringLiteral("WenQuanYi Micro Hei") });
        }
        QGuiApplication::setFont(font);
    }
    QLocale::setDefault(
        QLocale(language == QLatin1String("en") ? QStringLiteral("en_US") : language));
    // The locale and font first: removing and installing translators sends LanguageChange,
    // and widgets read QLocale() and their font when they retranslate.
    if (m_app) {
        QCoreApplication::removeTranslator(m_app);
        delete m_app;
        m_app = nullptr;
    }
    if (m_qt) {
        QCoreApplication::removeTranslator(m_qt);
        delete m_qt;
        m_qt = nullptr;
    }
    if (language != QLatin1String("en")) {
        m_app = app;
        m_qt = qt;
        if (m_qt) {
            QCoreApplication::installTranslator(m_qt);
        }
        QCoreApplication::installTranslator(m_app);
    } else {
        delete app;
        delete qt;
        // Removing translators already sent LanguageChange; English needs no catalog.
    }
    emit languageChanged(language);
    return true;
}

} // namespace Rblab

#include "moc_languagemanager.cpp"
