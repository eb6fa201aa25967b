// SPDX-License-Identifier: Apache-2.0
// The house plan (docs/architecture.md), checked on the source tree: the engine's folders are
// layers that include one way, each folder lists its own sources, plugins see only the SDK, the
// app's parts do not reach into each other, and the GUI's feature folders do not reach into the
// window.

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

namespace {

struct Include
{
    int line = 0;
    QString path;
};

QList<Include> includesOf(const QString &file)
{
    QList<Include> result;
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly | QIODevice::Text))
        return result;
    static const QRegularExpression re(QStringLiteral("^\\s*#\\s*include\\s*[<\"]([^>\"]+)[>\"]"));
    int line = 0;
    while (!f.atEnd()) {
        ++line;
        const auto m = re.match(QString::fromUtf8(f.readLine()));
        if (m.hasMatch())
            result.append({ line, m.captured(1) });
    }
    return result;
}

QStringList sourcesBelow(const QString &dir)
{
    QStringList files;
    QDirIterator it(dir, { QStringLiteral("*.h"), QStringLiteral("*.cpp") }, QDir::Files,
        QDirIterator::Subdirectories);
    while (it.hasNext())
        files.append(it.next());
    files.sort();
    return files;
}

/*!
    The engine's rule: a file in layer L may include "M/…" only where M is L or comes before L
    in \a layers. Returns one line per violation, "file:line: includes M/… (layer L may use …)".
*/
QStringList layerViolations(const QString &srcDir, const QStringList &layers)
{
    QStringList found;
    for (qsizetype own = 0; own < layers.size(); ++own) {
        const QString layer = layers.at(own);
        for (const QString &file : sourcesBelow(srcDir + u'/' + layer)) {
            for (const Include &inc : includesOf(file)) {
                const QString first = inc.path.section(u'/', 0, 0);
                if (!inc.path.contains(u'/'))
                    continue;
                const qsizetype other = layers.indexOf(first);
                if (other > own) {
                    found.append(QStringLiteral("%1:%2: includes %3 (layer %4 may use %5)")
                                     .arg(QDir(srcDir).relativeFilePath(file))
                                     .arg(inc.line)
                                     .arg(inc.path, layer,
                                         layers.mid(0, own + 1).join(QStringLiteral(", "))));
                }
            }
        }
    }
    return found;
}

} // namespace

class tst_Layers : public QObject
{
    Q_OBJECT

private:
    const QString m_source = QStringLiteral(RBLAB_SOURCE_DIR);
    const QStringList m_layers = QStringLiteral(RBLAB_ENGINE_LAYERS).split(u',');

    //! The app's feature folders: every folder of app/gui (the window and what the features
    //! share sit at its top).
    QStringList guiFeatures() const
    {
        return QDir(m_source + QStringLiteral("/app/gui"))
            .entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
    }

private slots:
    void layerListMatchesFolders()
    {
        // Every folder of engine/src is a layer of the list, and every layer has a folder.
        QStringList folders = QDir(m_source + QStringLiteral("/engine/src"))
                                  .entryList(QDir::Dirs | QDir::NoDotAndDotDot);
        QStringList layers = m_layers;
        folders.sort();
        layers.sort();
        QCOMPARE(folders, layers);
        QCOMPARE(m_layers.size(), 9);
    }

    void engineIncludesGoDown()
    {
        const QStringList violations
            = layerViolations(m_source + QStringLiteral("/engine/src"), m_layers);
        if (!violations.isEmpty())
            QFAIL(qPrintable(
                QStringLiteral("includes against the layer order:\n") + violations.join(u'\n')));
    }

    void checkerFindsAnUpwardInclude()
    {
        // The checker itself: a kernel file that includes the model is found, at its line.
        // (Raw string literals would confuse moc here: it reads the include lines they hold.)
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QDir(dir.path()).mkpath(QStringLiteral("sim"));
        QDir(dir.path()).mkpath(QStringLiteral("model"));
        QFile low(dir.filePath(QStringLiteral("sim/clock.h")));
        QVERIFY(low.open(QIODevice::WriteOnly));
        low.write("#pragma once\n#include <QtGlobal>\n#include \"model/world.h\"\n");
        low.close();
        QFile high(dir.filePath(QStringLiteral("model/world.h")));
        QVERIFY(high.open(QIODevice::WriteOnly));
        high.write("#pragma once\n#include \"sim/clock.h\"\n");
        high.close();
        const QStringList found
            = layerViolations(dir.path(), { QStringLiteral("sim"), QStringLiteral("model") });
        QCOMPARE(found.size(), 1);
        QCOMPARE(found.first(),
            QStringLiteral("sim/clock.h:3: includes model/world.h (layer sim may use sim)"));
    }

    void eachLayerListsItsOwnSources_data()
    {
        QTest::addColumn<QString>("folder");
        for (const QString &layer : m_layers)
            QTest::newRow(qPrintable(layer)) << QStringLiteral("engine/src/") + layer;
        // The app's feature folders list theirs the same way.
        for (const QString &feature : guiFeatures())
            QTest::newRow(qPrintable(QStringLiteral("gui/") + feature))
                << QStringLiteral("app/gui/") + feature;
        QTest::newRow("remoting") << QStringLiteral("app/remoting");
    }

    void eachLayerListsItsOwnSources()
    {
        // A folder's CMakeLists.txt names exactly the files of the folder, so a file lands in
        // the layer (or feature) whose folder holds it, and a file that is not built cannot
        // hide there.
        QFETCH(QString, folder);
        const QString dir = m_source + u'/' + folder;
        QFile cmake(dir + QStringLiteral("/CMakeLists.txt"));
        QVERIFY2(cmake.open(QIODevice::ReadOnly | QIODevice::Text), qPrintable(cmake.fileName()));
        const QString text = QString::fromUtf8(cmake.readAll());
        static const QRegularExpression name(
            QStringLiteral("^\\s+([A-Za-z0-9_]+\\.(?:h|cpp))\\s*$"),
            QRegularExpression::MultilineOption);
        QStringList listed;
        for (auto it = name.globalMatch(text); it.hasNext();)
            listed.append(it.next().captured(1));
        listed.sort();
        QStringList present
            = QDir(dir).entryList({ QStringLiteral("*.h"), QStringLiteral("*.cpp") }, QDir::Files);
        present.sort();
        QCOMPARE(listed, present);
    }

    void pluginsIncludeOnlyTheSdk()
    {
        // A plugin builds against an installed SDK: <rblab/…>, Qt, the standard library and its
        // own folder, never the engine's internals or the app.
        QStringList found;
        const QString plugins = m_source + QStringLiteral("/plugins");
        for (const QString &file : sourcesBelow(plugins)) {
            const QDir own = QFileInfo(file).dir();
            for (const Include &inc : includesOf(file)) {
                const QString first = inc.path.section(u'/', 0, 0);
                const bool engineInternal = inc.path.contains(u'/') && m_layers.contains(first);
                const bool local = !inc.path.contains(u'/')
                    && inc.path.endsWith(QStringLiteral(".h")) && !inc.path.startsWith(u'Q')
                    && !own.exists(inc.path);
                if (engineInternal || local)
                    found.append(QStringLiteral("%1:%2: %3")
                                     .arg(QDir(plugins).relativeFilePath(file))
                                     .arg(inc.line)
                                     .arg(inc.path));
            }
        }
        if (!found.isEmpty())
            QFAIL(qPrintable(
                QStringLiteral("plugins include more than the SDK:\n") + found.join(u'\n')));
    }

    void appPartsStayApart_data()
    {
        QTest::addColumn<QString>("part");
        QTest::addColumn<QStringList>("mayNotUse");
        QTest::newRow("engine") << QStringLiteral("engine")
                                << QStringList { QStringLiteral("app") };
        QTest::newRow("pluginhost")
            << QStringLiteral("app/pluginhost")
            << QStringList { QStringLiteral("app/cli"), QStringLiteral("app/gui") };
        // The remoting client (issue 36) is a layer of its own under the CLI and the GUI.
        QTest::newRow("remoting") << QStringLiteral("app/remoting")
                                  << QStringList { QStringLiteral("app/cli"),
                                         QStringLiteral("app/gui"),
                                         QStringLiteral("app/pluginhost"),
                                         QStringLiteral("app/realrun") };
        QTest::newRow("cli") << QStringLiteral("app/cli")
                             << QStringList { QStringLiteral("app/gui") };
        QTest::newRow("gui") << QStringLiteral("app/gui")
                             << QStringList { QStringLiteral("app/cli") };
    }

    void appPartsStayApart()
    {
        // Headers of the app are included by bare name (the CLI) or by their path below their
        // part (the GUI's "charts/chartpanel.h"); either that names a file of a part this one
        // may not use is a violation (the CLI and the GUI share the engine, not each other).
        QFETCH(QString, part);
        QFETCH(QStringList, mayNotUse);
        QHash<QString, QString> ownerOf; // bare header name -> the part that holds it
        QHash<QString, QString> ownerOfPath; // path below its part -> the part
        for (const QString &other : mayNotUse) {
            const QDir root(m_source + u'/' + other);
            for (const QString &file : sourcesBelow(root.path())) {
                ownerOf.insert(QFileInfo(file).fileName(), other);
                ownerOfPath.insert(root.relativeFilePath(file), other);
            }
        }
        const QDir ownRoot(m_source + u'/' + part);
        QStringList own;
        for (const QString &file : sourcesBelow(ownRoot.path()))
            own.append(QFileInfo(file).fileName());
        QStringList found;
        for (const QString &file : sourcesBelow(ownRoot.path())) {
            for (const Include &inc : includesOf(file)) {
                const QString bare = QFileInfo(inc.path).fileName();
                const bool byName
                    = ownerOf.contains(bare) && !own.contains(bare) && !inc.path.contains(u'/');
                const bool byPath = inc.path.contains(u'/') && ownerOfPath.contains(inc.path)
                    && !ownRoot.exists(inc.path);
                if (byName || byPath)
                    found.append(
                        QStringLiteral("%1:%2: %3 (of %4)")
                            .arg(QDir(m_source).relativeFilePath(file))
                            .arg(inc.line)
                            .arg(inc.path,
                                byName ? ownerOf.value(bare) : ownerOfPath.value(inc.path)));
                if (inc.path.startsWith(QStringLiteral("app/")))
                    found.append(QStringLiteral("%1:%2: %3")
                                     .arg(QDir(m_source).relativeFilePath(file))
                                     .arg(inc.line)
                                     .arg(inc.path));
            }
        }
        if (!found.isEmpty())
            QFAIL(
                qPrintable(part + QStringLiteral(" uses what it may not:\n") + found.join(u'\n')));
    }

    void guiFoldersAreNotEngineLayers()
    {
        // "charts/chartpanel.h" and "run/simulation.h" are found through two include
        // directories: a feature folder named like a layer would make an include ambiguous.
        for (const QString &feature : guiFeatures())
            QVERIFY2(!m_layers.contains(feature), qPrintable(feature));
    }

    void guiIncludesNameTheFolder()
    {
        // The GUI's one rule for its own headers: the path below app/gui, in the app and in
        // its tests ("charts/chartpanel.h", never "chartpanel.h", which a file of charts/ would
        // also find beside itself).
        const QString gui = m_source + QStringLiteral("/app/gui");
        QHash<QString, QString> pathOf; // bare name of a feature's header -> its path
        for (const QString &feature : guiFeatures()) {
            for (const QString &file : sourcesBelow(gui + u'/' + feature))
                pathOf.insert(QFileInfo(file).fileName(), QDir(gui).relativeFilePath(file));
        }
        QStringList files = sourcesBelow(gui);
        for (const QString &file : sourcesBelow(m_source + QStringLiteral("/tests/app"))) {
            if (!file.contains(QStringLiteral("/tests/app/cli/")))
                files.append(file);
        }
        QStringList found;
        for (const QString &file : std::as_const(files)) {
            for (const Include &inc : includesOf(file)) {
                if (!inc.path.contains(u'/') && pathOf.contains(inc.path))
                    found.append(QStringLiteral("%1:%2: %3 (say %4)")
                                     .arg(QDir(m_source).relativeFilePath(file))
                                     .arg(inc.line)
                                     .arg(inc.path, pathOf.value(inc.path)));
            }
        }
        if (!found.isEmpty())
            QFAIL(qPrintable(QStringLiteral("GUI headers included without their folder:\n")
                + found.join(u'\n')));
    }

    void guiFeaturesDoNotIncludeTheWindow()
    {
        // The window (MainWindow, WindowActions, the language menu) wires the features
        // together; a feature that included it would tie every feature to every other. Of the
        // top of app/gui a feature uses what they all share: the interface's words and the
        // command line's time format.
        const QString gui = m_source + QStringLiteral("/app/gui");
        const QStringList shared { QStringLiteral("guitext.h"), QStringLiteral("appoptions.h") };
        QStringList found;
        for (const QString &feature : guiFeatures()) {
            for (const QString &file : sourcesBelow(gui + u'/' + feature)) {
                for (const Include &inc : includesOf(file)) {
                    if (!inc.path.contains(u'/') && QFileInfo::exists(gui + u'/' + inc.path)
                        && !shared.contains(inc.path))
                        found.append(QStringLiteral("%1:%2: %3")
                                         .arg(QDir(m_source).relativeFilePath(file))
                                         .arg(inc.line)
                                         .arg(inc.path));
                }
            }
        }
        if (!found.isEmpty())
            QFAIL(qPrintable(
                QStringLiteral("features that include the window:\n") + found.join(u'\n')));
    }

    void appTestsMirrorTheFeatures()
    {
        // tests/app has a folder per feature folder it tests (and cli/ for the rblab command).
        QStringList folders = QDir(m_source + QStringLiteral("/tests/app"))
                                  .entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
        folders.removeAll(QStringLiteral("cli"));
        const QStringList features = guiFeatures();
        for (const QString &folder : std::as_const(folders))
            QVERIFY2(features.contains(folder), qPrintable(folder));
    }
};

QTEST_APPLESS_MAIN(tst_Layers)
#include "tst_layers.moc"
