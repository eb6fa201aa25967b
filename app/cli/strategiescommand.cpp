// SPDX-License-Identifier: Apache-2.0
#include "strategiescommand.h"

#include "clicontext.h"
#include <json/jsonnode.h>
#include <json/jsonwriter.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>

using namespace Rblab;

namespace {

QJsonValue jsonDefault(const ParameterSpec &spec)
{
    if (!spec.defaultValue.isValid()) {
        return QJsonValue::Null;
    }
    if (spec.type == ParameterType::QueueList) {
        QJsonArray list;
        for (const MessageQueue &mq : spec.defaultValue.value<MessageQueueList>()) {
            list.append(QJsonObject { { QStringLiteral("brokerName"), mq.brokerName },
                { QStringLiteral("queueId"), mq.queueId } });
        }
        return list;
    }
    return QJsonValue::fromVariant(spec.defaultValue);
}

QString defaultText(const ParameterSpec &spec)
{
    if (spec.absentIsNull) {
        return QStringLiteral("none");
    }
    if (spec.required()) {
        return QStringLiteral("required");
    }
    const QJsonValue v = jsonDefault(spec);
    if (v.isString()) {
        return QLatin1Char('"') + v.toString() + QLatin1Char('"');
    }
    if (v.isArray() || v.isObject()) {
        return JsonWriter::compact(JsonNode::fromJson(v));
    }
    return v.toVariant().toString();
}

} // namespace

int runStrategiesCommand(CliContext &context)
{
    QCommandLineParser &parser = context.parser;
    const QCommandLineOption jsonOption(QStringLiteral("json"), QStringLiteral("Print JSON."));
    parser.addOption(jsonOption);
    parser.clearPositionalArguments();
    parser.addPositionalArgument(QStringLiteral("strategies"),
        QStringLiteral("List the strategies."), QStringLiteral("strategies [--json]"));
    parser.process(QCoreApplication::arguments());

    const StrategyRegistry &registry = context.registry();
    const QString locale = QLocale().name();
    if (parser.isSet(jsonOption)) {
        QJsonArray strategies;
        for (const PluginRecord *r : registry.strategies()) {
            QJsonArray params;
            for (const ParameterSpec &p : r->metadata.parameters) {
                QJsonObject o { { QStringLiteral("name"), p.name },
                    { QStringLiteral("type"), parameterTypeName(p.type) },
                    { QStringLiteral("default"), jsonDefault(p) },
                    { QStringLiteral("range"), p.rangeText() },
                    { QStringLiteral("description"), p.description.source } };
                if (p.minimum) {
                    o.insert(QStringLiteral("min"), *p.minimum);
                }
                if (p.maximum) {
                    o.insert(QStringLiteral("max"), *p.maximum);
                }
                if (!p.choices.isEmpty()) {
                    o.insert(QStringLiteral("choices"), QJsonArray::fromStringList(p.choices));
                }
                params.append(o);
            }
            strategies.append(QJsonObject { { QStringLiteral("name"), r->metadata.name },
                { QStringLiteral("file"), r->file },
                { QStringLiteral("version"), r->metadata.version },
                { QStringLiteral("description"), r->metadata.description.source },
                { QStringLiteral("params"), params } });
        }
        QJsonArray failures;
        for (const PluginRecord *r : registry.failures()) {
            failures.append(QJsonObject {
                { QStringLiteral("file"), r->file }, { QStringLiteral("error"), r->error } });
        }
        const QJsonObject root { { QStringLiteral("strategies"), strategies },
            { QStringLiteral("failures"), failures } };
        context.out << QString::fromUtf8(JsonWriter::write(JsonNode::fromJson(root)));
        return context.finishOut() ? 0 : 2;
    }

    const auto loaded = registry.strategies();
    context.out << "Strategies (" << loaded.size() << "):\n";
    for (const PluginRecord *r : loaded) {
        context.out << "\n  " << r->metadata.name << "  " << r->metadata.version << "\n";
        context.out << "    file:        " << r->file << "\n";
        context.out << "    description: " << r->metadata.description.text(locale) << "\n";
        if (r->metadata.parameters.isEmpty()) {
            context.out << "    parameters:  none\n";
        }
        for (const ParameterSpec &p : r->metadata.parameters) {
            context.out << "    parameter:   " << p.name << " (" << parameterTypeName(p.type)
                        << ", default " << defaultText(p) << "; " << p.rangeText() << ")\n";
            if (!p.description.source.isEmpty()) {
                context.out << "                 " << p.description.text(locale) << "\n";
            }
        }
        if (r->metadata.forwardsParameters) {
            context.out << "    (other parameters go to the inner strategy)\n";
        }
    }
    const auto failed = registry.failures();
    if (!failed.isEmpty()) {
        context.out << "\nPlugin files that failed (" << failed.size() << "):\n";
        for (const PluginRecord *r : failed) {
            context.out << "  " << r->file << "\n    " << r->error << "\n";
        }
    }
    return context.finishOut() ? 0 : 2;
}
