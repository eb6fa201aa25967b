// SPDX-License-Identifier: Apache-2.0
// The Scenario dock: what the loaded world is, in the interface language.
#pragma once

#include <QWidget>

class QLabel;

namespace Rblab {

class ScenarioDocument;
struct Scenario;

/*!
    Shows the document's scenario: its name and description (Scenario::descriptionFor the
    interface language), its brokers, topics, groups and profile, and how many commands the
    session has recorded. Follows the document and language changes by itself.
*/
class ScenarioInfoView : public QWidget
{
    Q_OBJECT

public:
    explicit ScenarioInfoView(const ScenarioDocument &document, QWidget *parent = nullptr);

    //! The description's first sentence, for the one-line banner above the view.
    static QString firstSentence(const QString &description);
    QString text() const;
    void refresh();

protected:
    void changeEvent(QEvent *event) override;

private:
    const ScenarioDocument &m_document;
    QLabel *m_text = nullptr;
};

} // namespace Rblab
