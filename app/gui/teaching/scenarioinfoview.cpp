// SPDX-License-Identifier: Apache-2.0
#include "teaching/scenarioinfoview.h"

#include "document/scenariodocument.h"

#include <QEvent>
#include <QLabel>
#include <QLocale>
#include <QScrollArea>
#include <QVBoxLayout>

namespace Rblab {

ScenarioInfoView::ScenarioInfoView(const ScenarioDocument &document, QWidget *parent)
    : QWidget(parent), m_document(document)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    m_text = new QLabel(scroll);
    m_text->setWordWrap(true);
    m_text->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_text->setTextFormat(Qt::RichText);
    m_text->setMargin(8);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    scroll->setWidget(m_text);
    layout->addWidget(scroll);
    connect(&document, &ScenarioDocument::scenarioReplaced, this, &ScenarioInfoView::refresh);
    connect(&document, &ScenarioDocument::changed, this, &ScenarioInfoView::refresh);
    refresh();
}

QString ScenarioInfoView::firstSentence(const QString &description)
{
    QString first = description;
    for (const QString &end : { QStringLiteral("。"), QStringLiteral(". ") }) {
        const qsizetype at = first.indexOf(end);
        if (at > 0) {
            first = first.left(at + 1);
        }
    }
    return first;
}

QString ScenarioInfoView::text() const
{
    return m_text->text();
}

void ScenarioInfoView::refresh()
{
    const Scenario &s = m_document.scenario();
    const QString description = s.descriptionFor(QLocale().name());
    QStringList topics;
    for (const TopicSpec &t : s.topics) {
        int queues = 0;
        for (const auto &q : t.queues) {
            queues += q.second;
        }
        topics.append(tr("%1: %2 queues, %3 msg/s").arg(t.name).arg(queues).arg(t.produceRate));
    }
    QStringList groups;
    for (const GroupSpec &g : s.groups) {
        groups.append(tr("%1: %2 consumers, %3, %4")
                          .arg(g.name)
                          .arg(g.consumers.size())
                          .arg(g.strategy, consumeModeName(g.consumeMode)));
    }
    QString html
        = QStringLiteral("<h3>%1</h3><p>%2</p>")
              .arg(s.nameFor(QLocale().name()).toHtmlEscaped(), description.toHtmlEscaped());
    html
        += QStringLiteral("<p><b>%1</b> %2<br><b>%3</b> %4<br><b>%5</b> %6<br><b>%7</b> %8, %9</p>")
               .arg(tr("Brokers:"), s.brokers.join(QStringLiteral(", ")).toHtmlEscaped(),
                   tr("Topics:"), topics.join(QStringLiteral("; ")).toHtmlEscaped(), tr("Groups:"),
                   groups.join(QStringLiteral("; ")).toHtmlEscaped(), tr("Profile:"),
                   profileName(s.profile), tr("seed %1").arg(s.seed));
    const int recorded = int(m_document.recordedCommands().size());
    if (recorded > 0) {
        html += QStringLiteral("<p>")
            + tr("%n command(s) recorded in this session.", nullptr, recorded)
            + QStringLiteral("</p>");
    }
    m_text->setText(html);
}

void ScenarioInfoView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        refresh();
    }
    QWidget::changeEvent(event);
}

} // namespace Rblab

#include "moc_scenarioinfoview.cpp"
