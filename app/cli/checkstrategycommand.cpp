// SPDX-License-Identifier: Apache-2.0
#include "checkstrategycommand.h"

#include "clicontext.h"
#include "cliguard.h"

#include <allocation/strategychecker.h>
#include <json/jsonnode.h>
#include <json/jsonparser.h>
#include <json/jsonwriter.h>

#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>

using namespace Rblab;

namespace {

const QString kCommand = QStringLiteral("rblab check-strategy");

// Time per allocate call at one size, member by member as a group asks (the strategy's caches
// count, as they do in a client).
//! The mean time of a call at case `c`; negative, with `error` set, when a call failed (the
//! time of a failure says nothing about the strategy's speed: it read "0.002 ms").
double millisecondsPerCall(AllocationStrategy &strategy, const CheckCase &c, QString *error)
{
    QElapsedTimer timer;
    timer.start();
    int calls = 0;
    do {
        for (qsizetype i = 0; i < c.cidAll.size() && (calls < 3 || timer.elapsed() < 2000); ++i) {
            const AllocateResult result = strategy.allocate(
                QStringLiteral("check_group"), c.cidAll.at(i), c.mqAll, c.cidAll);
            if (!result.ok()) {
                *error = result.error;
                return -1;
            }
            ++calls;
        }
    } while (calls < 3);
    return double(timer.nsecsElapsed()) / 1e6 / calls;
}

} // namespace

int runCheckStrategyCommand(CliContext &context)
{
    QCommandLineParser &parser = context.parser;
    const QCommandLineOption paramOption(QStringLiteral("param"),
        QStringLiteral("A parameter of the strategy (repeatable)."), QStringLiteral("k=v"));
    const QCommandLineOption jsonOption(QStringLiteral("json"), QStringLiteral("Print JSON."));
    const QCommandLineOption quickOption(QStringLiteral("quick"),
        QStringLiteral("Score on traces up to 100,000 queues × consumers (default: all)."));
    parser.addOptions({ paramOption, jsonOption, quickOption });
    parser.clearPositionalArguments();
    parser.addPositionalArgument(QStringLiteral("check-strategy"),
        QStringLiteral("Check a strategy against RocketMQ's rules."),
        QStringLiteral("check-strategy NAME|PLUGIN-FILE"));
    parser.process(QCoreApplication::arguments());
    if (!context.parseCallTimeout()) {
        return 2;
    }

    const QStringList args = parser.positionalArguments().mid(1);
    if (args.size() != 1) {
        context.err << kCommand << ": name one strategy, or a plugin file (" << kCommand
                    << " NAME|FILE)\n";
        return 2;
    }
    QVariantMap params;
    for (const QString &kv : parser.values(paramOption)) {
        const qsizetype eq = kv.indexOf(QLatin1Char('='));
        if (eq <= 0) {
            context.err << kCommand << ": --param expects k=v, got \"" << kv << "\"\n";
            return 2;
        }
        params.insert(kv.left(eq), JsonParser::valueOrText(kv.mid(eq + 1)));
    }
    StrategyRegistry &registry = context.registry();
    QString name = args.first();
    QString file;
    const QFileInfo info(name);
    if (name.contains(QLatin1Char('/')) || info.exists()) {
        // A plugin file: load it (it may sit outside every plugin folder) and check its strategy.
        if (!info.isFile()) {
            context.err << kCommand << ": " << name << ": no such file\n";
            return 2;
        }
        file = info.absoluteFilePath();
        registry.loadFrom(file);
        name.clear();
        for (const PluginRecord &r : registry.records()) {
            if (QFileInfo(r.file).absoluteFilePath() != file) {
                continue;
            }
            if (!r.loaded()) {
                context.err << kCommand << ": " << file << ": " << r.error << "\n";
                return 1;
            }
            name = r.metadata.name;
        }
        if (name.isEmpty()) {
            context.err << kCommand << ": " << file << ": not a strategy plugin\n";
            return 1;
        }
    }
    const PluginRecord *record = registry.find(name);
    if (!record) {
        context.err << kCommand << ": no strategy \"" << name
                    << "\" (loaded: " << registry.strategyNames().join(QStringLiteral(", "))
                    << ")\n";
        return 2;
    }
    // A plugin that crashes, calls exit() or never returns is named with the case it was given
    // (CliGuard); every case is bounded by --call-timeout, 10 s unless the user says otherwise.
    if (!parser.isSet(context.callTimeoutOption)) {
        CliGuard::setCallTimeout(10000);
    }
    const QByteArray who
        = QStringLiteral("strategy %1 (%2) in check-strategy").arg(name, record->file).toUtf8();
    QString createError;
    const StrategyChecker::Factory make = [&]() -> std::unique_ptr<AllocationStrategy> {
        const CliGuard::Call guard(who + ", making the strategy");
        StrategyCreation created = registry.create(name, params);
        if (!created.ok()) {
            createError = created.error;
            return nullptr;
        }
        return std::move(created.strategy);
    };
    if (!make()) {
        context.err << kCommand << ": " << name << ": " << createError << "\n";
        return 2;
    }
    StrategyScorer::Options scoreOptions;
    scoreOptions.samplesPerSize = 1;
    if (parser.isSet(quickOption)) {
        scoreOptions.maxPairs = 100'000;
    }
    bool guarded = false;
    const CheckReport report = StrategyChecker::check(make, scoreOptions, [&](const QString &c) {
        if (guarded) {
            CliGuard::leave();
        }
        // The generated traces are many calls: named, but not bounded as one call.
        CliGuard::enter(who + ", case: " + c.toUtf8(), !c.startsWith(QLatin1String("score")));
        guarded = true;
    });
    if (guarded) {
        CliGuard::leave();
    }

    // Time per call, only for a strategy that answered the sizes without throwing.
    struct Timing
    {
        QString label;
        double ms = -1; //!< negative: not timed, a call failed
        QString failure;
    };
    QList<Timing> timings;
    if (report.conforms()) {
        const QList<CheckCase> cases = StrategyChecker::edgeCases();
        for (const CheckCase &c : cases) {
            if (c.name.startsWith(QLatin1String("1,000 queues"))
                || (c.name.startsWith(QLatin1String("10,000 queues")) && timings.size() == 1)) {
                std::unique_ptr<AllocationStrategy> s = make();
                Timing t;
                t.label = QStringLiteral("%1 queues × %2 consumers")
                              .arg(QLocale(QLocale::English).toString(c.mqAll.size()),
                                  QLocale(QLocale::English).toString(c.cidAll.size()));
                t.ms = millisecondsPerCall(*s, c, &t.failure);
                timings.append(t);
            }
        }
    }

    const StrategyScore &score = report.score;
    if (parser.isSet(jsonOption)) {
        QJsonArray rules;
        for (const RuleVerdict &r : report.rules) {
            QJsonObject o { { QStringLiteral("rule"), r.rule }, { QStringLiteral("hard"), r.hard },
                { QStringLiteral("passed"), r.passed }, { QStringLiteral("calls"), r.calls },
                { QStringLiteral("checked"), r.checked() } };
            if (!r.passed) {
                o.insert(QStringLiteral("counterexample"), r.counterexample);
            }
            rules.append(o);
        }
        QJsonObject timing;
        for (const Timing &t : std::as_const(timings)) {
            timing.insert(t.label, t.ms < 0 ? QJsonValue() : QJsonValue(t.ms)); // null: failed
        }
        const QJsonObject root { { QStringLiteral("strategy"), name },
            { QStringLiteral("file"), record->file },
            { QStringLiteral("conforms"), report.conforms() }, { QStringLiteral("rules"), rules },
            { QStringLiteral("movement"),
                QJsonObject { { QStringLiteral("ratio"), score.movement.ratio() },
                    { QStringLiteral("meanChangeRatio"), score.movement.meanChangeRatio() } } },
            { QStringLiteral("maxSpread"), score.maxSpread },
            { QStringLiteral("meanMaxOverFair"), score.meanMaxOverFair },
            { QStringLiteral("idleConsumers"), score.idleConsumers },
            { QStringLiteral("msPerCall"), timing } };
        context.out << QString::fromUtf8(JsonWriter::write(JsonNode::fromJson(root)));
    } else {
        context.out << "check-strategy " << name << " (" << record->file << ")\n\nHard rules\n";
        for (const RuleVerdict &r : report.rules) {
            if (r.hard && !r.checked()) {
                // "PASS (0 calls)" read as a pass: nothing was looked at.
                context.out << "  ----  " << r.rule
                            << " (not checked: no call returned an answer)\n";
            } else if (r.hard) {
                context.out << (r.passed ? "  PASS  " : "  FAIL  ") << r.rule << " (" << r.calls
                            << " calls)\n";
                if (!r.passed) {
                    context.out << "        counterexample: " << r.counterexample << "\n";
                }
            }
        }
        context.out << "\nProperties\n";
        for (const RuleVerdict &r : report.rules) {
            if (!r.hard && !r.checked()) {
                context.out << "  ?     " << r.rule
                            << " (not checked: no call returned an answer)\n";
            } else if (!r.hard) {
                context.out << (r.passed ? "  yes   " : "  no    ") << r.rule << "\n";
                if (!r.passed) {
                    context.out << "        first counterexample: " << r.counterexample << "\n";
                }
            }
        }
        if (!score.error.isNull()) {
            // The figures of a run that stopped at an error describe its empty answers.
            context.out << "  not scored: the generated traces stopped at an error: " << score.error
                        << "\n";
        } else {
            context.out << "  moves / lower bound: "
                        << QString::number(score.movement.ratio(), 'f', 2) << "× (mean per change "
                        << QString::number(score.movement.meanChangeRatio(), 'f', 2)
                        << "×); largest spread " << score.maxSpread << "; busiest / fair share "
                        << QString::number(score.meanMaxOverFair, 'f', 2) << "×; idle consumers "
                        << score.idleConsumers << " (" << score.traces
                        << " traces, see rblab score-strategy)\n";
        }
        for (const Timing &t : std::as_const(timings)) {
            context.out << "  time per call at " << t.label << ": "
                        << (t.ms < 0 ? QStringLiteral("not timed, the call failed: ") + t.failure
                                     : QString::number(t.ms, 'f', t.ms < 1 ? 3 : 1)
                                       + QStringLiteral(" ms"))
                        << "\n";
        }
        context.out << "\nVerdict: "
                    << (report.conforms() ? "conforms to the hard rules"
                                          : "breaks a hard rule (see FAIL above)")
                    << "\n";
    }
    if (!context.finishOut()) {
        return 2;
    }
    return report.conforms() ? 0 : 1;
}
