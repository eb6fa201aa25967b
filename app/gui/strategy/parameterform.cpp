// SPDX-License-Identifier: Apache-2.0
#include "strategy/parameterform.h"

#include <allocation/strategyregistry.h>

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>

namespace Rblab {

ParameterForm::ParameterForm(const StrategyRegistry &registry, QWidget *parent)
    : QWidget(parent), m_registry(registry)
{
    m_layout = new QFormLayout(this);
    m_layout->setContentsMargins(0, 0, 0, 0);
    m_layout->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_empty = new QLabel(this);
    m_empty->setEnabled(false);
    m_layout->addRow(m_empty);
}

void ParameterForm::setStrategy(const QString &name, const QString &localeName)
{
    if (name == m_strategy && localeName == m_localeName && !m_rows.isEmpty()) {
        return;
    }
    // A language switch rebuilds the same form for the translated help: what was typed stays.
    const QHash<QString, QString> typed
        = name == m_strategy ? editorTexts() : QHash<QString, QString>();
    m_strategy = name;
    m_localeName = localeName;
    rebuild();
    if (!typed.isEmpty()) {
        setEditorTexts(typed);
    }
}

void ParameterForm::reload()
{
    const QHash<QString, QString> typed = editorTexts();
    rebuild();
    setEditorTexts(typed);
}

QHash<QString, QString> ParameterForm::editorTexts() const
{
    QHash<QString, QString> texts;
    for (const Row &row : m_rows) {
        if (const auto *box = qobject_cast<const QCheckBox *>(row.editor)) {
            texts.insert(
                row.spec.name, box->isChecked() ? QStringLiteral("1") : QStringLiteral("0"));
        } else if (const auto *combo = qobject_cast<const QComboBox *>(row.editor)) {
            texts.insert(row.spec.name, combo->currentText());
        } else if (const auto *edit = qobject_cast<const QLineEdit *>(row.editor)) {
            texts.insert(row.spec.name, edit->text());
        }
    }
    return texts;
}

void ParameterForm::setEditorTexts(const QHash<QString, QString> &texts)
{
    for (const Row &row : std::as_const(m_rows)) {
        const auto it = texts.constFind(row.spec.name);
        if (it == texts.cend()) {
            continue;
        }
        const QSignalBlocker block(row.editor);
        if (auto *box = qobject_cast<QCheckBox *>(row.editor)) {
            box->setChecked(*it == QLatin1String("1"));
        } else if (auto *combo = qobject_cast<QComboBox *>(row.editor)) {
            combo->setCurrentIndex(qMax(0, combo->findText(*it)));
        } else if (auto *edit = qobject_cast<QLineEdit *>(row.editor)) {
            edit->setText(*it);
        }
    }
    emit edited();
}

void ParameterForm::rebuild()
{
    for (const Row &row : std::as_const(m_rows)) {
        m_layout->removeRow(row.editor);
    }
    m_rows.clear();
    const PluginRecord *record = m_registry.find(m_strategy);
    m_empty->setText(tr("This strategy has no parameters."));
    m_empty->setVisible(!record || record->metadata.parameters.isEmpty());
    if (!record) {
        return;
    }
    for (const ParameterSpec &spec : record->metadata.parameters) {
        Row row;
        row.spec = spec;
        const QString help = spec.description.text(m_localeName) + QStringLiteral("\n")
            + tr("Allowed: %1").arg(spec.rangeText());
        switch (spec.type) {
        case ParameterType::Bool: {
            auto *box = new QCheckBox(this);
            box->setChecked(spec.defaultValue.toBool());
            connect(box, &QCheckBox::toggled, this, &ParameterForm::edited);
            row.editor = box;
            break;
        }
        case ParameterType::Strategy: {
            auto *combo = new QComboBox(this);
            for (const QString &n : m_registry.strategyNames()) {
                if (n != m_strategy) {
                    combo->addItem(n);
                }
            }
            const int i = combo->findText(spec.defaultValue.toString());
            combo->setCurrentIndex(qMax(0, i));
            connect(combo, &QComboBox::currentIndexChanged, this, &ParameterForm::edited);
            row.editor = combo;
            break;
        }
        case ParameterType::String:
            if (!spec.choices.isEmpty()) {
                auto *combo = new QComboBox(this);
                combo->addItems(spec.choices);
                combo->setCurrentIndex(qMax(0, combo->findText(spec.defaultValue.toString())));
                connect(combo, &QComboBox::currentIndexChanged, this, &ParameterForm::edited);
                row.editor = combo;
                break;
            }
            Q_FALLTHROUGH();
        default: {
            auto *edit = new QLineEdit(this);
            if (spec.defaultValue.isValid()) {
                QString shown;
                if (spec.type == ParameterType::StringList) {
                    shown = spec.defaultValue.toStringList().join(QStringLiteral(", "));
                } else if (spec.type != ParameterType::QueueList) {
                    shown = spec.defaultValue.toString();
                }
                edit->setPlaceholderText(
                    shown.isEmpty() ? tr("(default)") : tr("default: %1").arg(shown));
            } else if (spec.required()) {
                edit->setPlaceholderText(tr("required"));
            }
            if (spec.type == ParameterType::QueueList) {
                edit->setPlaceholderText(tr("broker-a:0, broker-a:1, …"));
            } else if (spec.type == ParameterType::StringList
                && edit->placeholderText().isEmpty()) {
                edit->setPlaceholderText(tr("comma-separated"));
            }
            edit->setClearButtonEnabled(true);
            connect(edit, &QLineEdit::textChanged, this, &ParameterForm::edited);
            row.editor = edit;
            break;
        }
        }
        row.editor->setToolTip(help);
        row.editor->setObjectName(spec.name);
        row.label = new QLabel(spec.name, this);
        row.label->setToolTip(help);
        row.label->setBuddy(row.editor);
        m_layout->addRow(row.label, row.editor);
        m_rows.append(row);
    }
}

void ParameterForm::setValues(const QVariantMap &values)
{
    for (const Row &row : std::as_const(m_rows)) {
        const QVariant v = values.value(row.spec.name);
        if (!v.isValid()) {
            continue;
        }
        if (auto *box = qobject_cast<QCheckBox *>(row.editor)) {
            box->setChecked(v.toBool());
        } else if (auto *combo = qobject_cast<QComboBox *>(row.editor)) {
            combo->setCurrentIndex(qMax(0, combo->findText(v.toString())));
        } else if (auto *edit = qobject_cast<QLineEdit *>(row.editor)) {
            if (v.typeId() == QMetaType::QStringList || v.typeId() == QMetaType::QVariantList) {
                QStringList parts;
                for (const QVariant &item : v.toList()) {
                    if (item.typeId() == QMetaType::QVariantMap) {
                        const QVariantMap m = item.toMap();
                        parts.append(QStringLiteral("%1:%2")
                                         .arg(m.value(QStringLiteral("brokerName")).toString())
                                         .arg(m.value(QStringLiteral("queueId")).toInt()));
                    } else {
                        parts.append(item.toString());
                    }
                }
                edit->setText(parts.join(QStringLiteral(", ")));
            } else {
                edit->setText(v.toString());
            }
        }
    }
}

QVariant ParameterForm::rowValue(const Row &row, QString *parseError) const
{
    const ParameterSpec &spec = row.spec;
    if (auto *box = qobject_cast<QCheckBox *>(row.editor)) {
        return QVariant(box->isChecked());
    }
    if (auto *combo = qobject_cast<QComboBox *>(row.editor)) {
        return combo->currentText().isEmpty() ? QVariant() : QVariant(combo->currentText());
    }
    const auto *edit = qobject_cast<QLineEdit *>(row.editor);
    const QString text = edit ? edit->text().trimmed() : QString();
    if (text.isEmpty()) {
        return QVariant();
    }
    switch (spec.type) {
    case ParameterType::Int:
    case ParameterType::Double: {
        bool ok = false;
        // Numbers are typed as a programmer types them, whatever the interface language.
        const double v = QLocale::c().toDouble(text, &ok);
        if (!ok) {
            if (parseError && parseError->isEmpty()) {
                *parseError = tr("%1 must be a number, got \"%2\"").arg(spec.name, text);
            }
            return QVariant();
        }
        return spec.type == ParameterType::Int && v == double(qint64(v)) ? QVariant(qint64(v))
                                                                         : QVariant(v);
    }
    case ParameterType::StringList: {
        QVariantList list;
        for (const QString &part : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
            list.append(part.trimmed());
        }
        return list;
    }
    case ParameterType::QueueList: {
        QVariantList list;
        for (const QString &part : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
            const QString item = part.trimmed();
            const qsizetype colon = item.lastIndexOf(QLatin1Char(':'));
            bool ok = false;
            const int id = colon > 0 ? item.mid(colon + 1).toInt(&ok) : -1;
            if (!ok) {
                if (parseError && parseError->isEmpty()) {
                    *parseError = tr("%1: \"%2\" is not broker:queueId").arg(spec.name, item);
                }
                return QVariant();
            }
            list.append(QVariantMap { { QStringLiteral("brokerName"), item.left(colon) },
                { QStringLiteral("queueId"), qint64(id) } });
        }
        return list;
    }
    default:
        return QVariant(text);
    }
}

QVariantMap ParameterForm::rawValues(QString *parseError) const
{
    QVariantMap values;
    for (const Row &row : m_rows) {
        const QVariant v = rowValue(row, parseError);
        if (v.isValid()) {
            values.insert(row.spec.name, v);
        }
    }
    return values;
}

ParameterCheck ParameterForm::check() const
{
    QString parseError;
    const QVariantMap raw = rawValues(&parseError);
    if (!parseError.isEmpty()) {
        ParameterCheck failed;
        failed.error = parseError;
        return failed;
    }
    if (!m_registry.find(m_strategy)) {
        ParameterCheck failed;
        failed.error = tr("Choose a strategy.");
        return failed;
    }
    return m_registry.checkParameters(m_strategy, raw);
}

QString ParameterForm::message() const
{
    const ParameterCheck c = check();
    return c.ok() ? QString() : c.error;
}

QWidget *ParameterForm::editor(const QString &parameter) const
{
    for (const Row &row : m_rows) {
        if (row.spec.name == parameter) {
            return row.editor;
        }
    }
    return nullptr;
}

} // namespace Rblab

#include "moc_parameterform.cpp"
