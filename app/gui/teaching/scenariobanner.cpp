// SPDX-License-Identifier: Apache-2.0
#include "teaching/scenariobanner.h"

#include "teaching/scenarioinfoview.h"

#include <QEvent>
#include <QLocale>

namespace Rblab {

ScenarioBanner::ScenarioBanner(QWidget *parent) : QLabel(parent)
{
    setWordWrap(false);
    setTextFormat(Qt::RichText);
    setContentsMargins(10, 4, 10, 2);
    // The text is elided to the banner, not the banner stretched to the text.
    setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
}

void ScenarioBanner::setScenario(const Scenario &scenario)
{
    m_scenario = scenario;
    updateText();
}

void ScenarioBanner::updateText()
{
    const QString name = m_scenario.nameFor(QLocale().name());
    const QString description = m_scenario.descriptionFor(QLocale().name());
    const QFontMetrics fm(font());
    QFont bold = font();
    bold.setBold(true);
    const int room = qMax(120,
        contentsRect().width() - QFontMetrics(bold).horizontalAdvance(name)
            - 2 * fm.horizontalAdvance(QLatin1Char(' ')) - 8);
    setText(
        QStringLiteral("<b>%1</b>&nbsp;&nbsp;%2")
            .arg(name.toHtmlEscaped(),
                fm.elidedText(ScenarioInfoView::firstSentence(description), Qt::ElideRight, room)
                    .toHtmlEscaped()));
    setToolTip(description);
}

void ScenarioBanner::resizeEvent(QResizeEvent *event)
{
    QLabel::resizeEvent(event);
    updateText();
}

void ScenarioBanner::changeEvent(QEvent *event)
{
    // The name and description follow the interface language (LanguageManager sets the locale
    // first).
    if (event->type() == QEvent::LanguageChange || event->type() == QEvent::FontChange) {
        updateText();
    }
    QLabel::changeEvent(event);
}

} // namespace Rblab

#include "moc_scenariobanner.cpp"
