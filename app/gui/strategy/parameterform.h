// SPDX-License-Identifier: Apache-2.0
// An editor for a strategy's parameters, generated from the plugin's schema.
#pragma once

#include <allocation/pluginmetadata.h>

#include <QHash>
#include <QList>
#include <QWidget>

class QFormLayout;
class QLabel;

namespace Rblab {

class StrategyRegistry;

/*!
    One row per ParameterSpec of a strategy: a text field for numbers, strings and lists (so
    that any value can be typed and then refused with a reason, rather than silently clamped),
    a check box for booleans, a list for closed choices and for inner strategies. Every edit
    is checked with StrategyRegistry::checkParameters, the same check the engine makes, and the
    outcome is shown under the form.
*/
class ParameterForm : public QWidget
{
    Q_OBJECT

public:
    explicit ParameterForm(const StrategyRegistry &registry, QWidget *parent = nullptr);

    //! Shows the parameters of a loaded strategy (none for an unknown name).
    void setStrategy(const QString &name, const QString &localeName);
    /*!
        Rebuilds the form from the registry's current record of the strategy (after a hot
        reload, whose parameters may differ); what was typed stays where the names still exist.
    */
    void reload();
    QString strategy() const { return m_strategy; }
    //! Fills the fields from parameter values (a scenario's strategyParams).
    void setValues(const QVariantMap &values);

    //! The parameters as typed, converted to JSON-like values; fields left empty are absent.
    QVariantMap rawValues(QString *parseError = nullptr) const;
    //! The values as the engine would take them, or the error.
    ParameterCheck check() const;
    bool isValid() const { return check().ok(); }
    QString message() const;
    int parameterCount() const { return int(m_rows.size()); }
    //! The editor of a parameter (tests type into it).
    QWidget *editor(const QString &parameter) const;

signals:
    void edited();

private:
    struct Row
    {
        //! A copy: a hot reload replaces the registry's records, and with them their specs.
        ParameterSpec spec;
        QWidget *editor = nullptr;
        QLabel *label = nullptr;
    };
    void rebuild();
    //! Every editor's content as text, by parameter name (kept across a rebuild).
    QHash<QString, QString> editorTexts() const;
    void setEditorTexts(const QHash<QString, QString> &texts);
    QVariant rowValue(const Row &row, QString *parseError) const;

    const StrategyRegistry &m_registry;
    QString m_strategy;
    QString m_localeName;
    QFormLayout *m_layout = nullptr;
    QLabel *m_empty = nullptr;
    QList<Row> m_rows;
};

} // namespace Rblab
