// SPDX-License-Identifier: Apache-2.0
#include "newstrategycommand.h"

#include "clicontext.h"

#include <rblab/strategyfactory.h>

#include <json/savefile.h>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSaveFile>

namespace {

struct Names
{
    QString strategy; //!< FOO_BAR: what scenarios and the app call it
    QString className; //!< FooBar: FooBarStrategy, FooBarStrategyFactory
    QString target; //!< foo_bar: the library and file names
};

Names namesFor(const QString &name)
{
    Names names;
    names.strategy = name.toUpper();
    names.target = name.toLower();
    bool upperNext = true;
    for (const QChar c : name) {
        if (c == QLatin1Char('_')) {
            upperNext = true;
            continue;
        }
        names.className += upperNext ? c.toUpper() : c;
        upperNext = false;
    }
    return names;
}

QByteArray expand(const QString &templatePath, const Names &names)
{
    QFile file(templatePath);
    if (!file.open(QIODevice::ReadOnly)) {
        return QByteArray(); // a resource of our own: present in every build
    }
    QString text = QString::fromUtf8(file.readAll());
    text.replace(QLatin1String("@NAME@"), names.strategy);
    text.replace(QLatin1String("@Class@"), names.className);
    // The C++ sources spell the class as an identifier, so that they stay valid C++ that
    // clang-format can format like the rest of the project.
    text.replace(QLatin1String("TemplateClass"), names.className);
    text.replace(QLatin1String("@target@"), names.target);
    text.replace(QLatin1String("@SDK_VERSION@"), QStringLiteral(RBLAB_VERSION));
    text.replace(QLatin1String("@API@"),
        QStringLiteral("%1.%2")
            .arg(Rblab::StrategyApiMajorVersion)
            .arg(Rblab::StrategyApiMinorVersion));
    return text.toUtf8();
}

} // namespace

int runNewStrategyCommand(CliContext &context)
{
    QCommandLineParser &parser = context.parser;
    const QCommandLineOption cppOption(QStringList { QStringLiteral("cpp") },
        QStringLiteral("A C++ plugin project: CMake (finds the installed SDK), the strategy, its "
                       "factory, metadata JSON, a QtTest that runs check-strategy, a README."));
    const QCommandLineOption jsOption(QStringList { QStringLiteral("js") },
        QStringLiteral("A commented JavaScript strategy file."));
    parser.addOption(cppOption);
    parser.addOption(jsOption);
    parser.addPositionalArgument(QStringLiteral("NAME"),
        QStringLiteral("The strategy's name: a letter, then letters, digits or _ (Foo → FOO)."));
    parser.addPositionalArgument(QStringLiteral("DIR"),
        QStringLiteral("Where to write (default: ./<name in lower case>); must not hold the files "
                       "already."));
    parser.process(QCoreApplication::arguments());
    const QStringList args = parser.positionalArguments().mid(1);
    auto usage = [&context](const QString &why) {
        context.err << "rblab new-strategy: " << why
                    << "\nUsage: rblab new-strategy NAME --cpp|--js [DIR]\n";
        return 2;
    };
    if (args.isEmpty() || args.size() > 2) {
        return usage(QStringLiteral("expects a name and at most one folder"));
    }
    if (parser.isSet(cppOption) == parser.isSet(jsOption)) {
        return usage(QStringLiteral("choose one of --cpp and --js"));
    }
    // A C++ identifier, a file name and a strategy name at once (pluginmetadata's name pattern
    // is wider); 48 characters keep the class names readable.
    static const QRegularExpression namePattern(QStringLiteral("^[A-Za-z][A-Za-z0-9_]{0,47}$"));
    const QString name = args.first();
    if (!namePattern.match(name).hasMatch()) {
        return usage(QStringLiteral("\"%1\" is not a usable name: a letter, then up to 47 "
                                    "letters, digits or _")
                         .arg(name));
    }
    const Names names = namesFor(name);
    const QString dir = QDir::cleanPath(args.size() > 1 ? args.at(1) : names.target);

    // Template → file name in the project.
    QList<std::pair<QString, QString>> files;
    if (parser.isSet(cppOption)) {
        files = {
            { QStringLiteral("cpp/CMakeLists.txt"), QStringLiteral("CMakeLists.txt") },
            { QStringLiteral("cpp/README.md"), QStringLiteral("README.md") },
            { QStringLiteral("cpp/metadata.json"), names.target + QStringLiteral(".json") },
            { QStringLiteral("cpp/strategy.h"), names.target + QStringLiteral("strategy.h") },
            { QStringLiteral("cpp/strategy.cpp"), names.target + QStringLiteral("strategy.cpp") },
            { QStringLiteral("cpp/strategyfactory.h"),
                names.target + QStringLiteral("strategyfactory.h") },
            { QStringLiteral("cpp/strategyfactory.cpp"),
                names.target + QStringLiteral("strategyfactory.cpp") },
            { QStringLiteral("cpp/tst_strategy.cpp"),
                QStringLiteral("tst_") + names.target + QStringLiteral(".cpp") },
        };
    } else {
        files = { { QStringLiteral("js/strategy.js"), names.target + QStringLiteral(".js") } };
    }
    // Nothing is overwritten: a second run must not wipe someone's work.
    for (const auto &[source, target] : std::as_const(files)) {
        const QString path = dir + QLatin1Char('/') + target;
        if (QFileInfo::exists(path)) {
            context.err << "rblab new-strategy: " << path
                        << " exists already; choose another folder or remove it\n";
            return 2;
        }
    }
    if (!QDir().mkpath(dir)) {
        context.err << "rblab new-strategy: cannot create the folder " << dir << "\n";
        return 2;
    }
    for (const auto &[source, target] : std::as_const(files)) {
        const QString path = dir + QLatin1Char('/') + target;
        QSaveFile out(path);
        if (!out.open(QIODevice::WriteOnly)
            || out.write(expand(QStringLiteral(":/templates/") + source, names)) < 0
            || !Rblab::commitFully(out)) {
            context.err << "rblab new-strategy: cannot write " << path << ": " << out.errorString()
                        << "\n";
            return 2;
        }
        context.out << "wrote " << path << "\n";
    }
    if (parser.isSet(cppOption)) {
        context.out << "\n"
                    << names.strategy << " is ready to build against the installed SDK:\n"
                    << "  cmake -S " << dir << " -B " << dir
                    << "/build -DCMAKE_PREFIX_PATH=<Rebalance Lab's prefix>\n"
                    << "  cmake --build " << dir << "/build && ctest --test-dir " << dir
                    << "/build\n"
                    << "  rblab strategies --plugin-dir " << dir << "/build/plugins\n";
    } else {
        context.out << "\n" << names.strategy << ": rblab strategies --plugin-dir " << dir << "\n";
    }
    return context.finishOut() ? 0 : 2;
}
