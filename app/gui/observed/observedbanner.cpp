// SPDX-License-Identifier: Apache-2.0
#include "observed/observedbanner.h"

#include <QAction>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>

namespace Rblab {

ObservedBanner::ObservedBanner(QAction *replay, QWidget *parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("ObservedBanner"));
    setAutoFillBackground(true);
    // Amber, as a notice: this picture cannot be changed.
    QPalette pal = palette();
    pal.setColor(QPalette::Window, QColor(0xfe, 0xf3, 0xc7));
    pal.setColor(QPalette::WindowText, QColor(0x78, 0x35, 0x0f));
    setPalette(pal);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 3, 8, 3);
    m_label = new QLabel(this);
    m_label->setTextFormat(Qt::RichText);
    m_label->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    layout->addWidget(m_label, 1);
    m_replay = new QToolButton(this);
    m_replay->setDefaultAction(replay);
    m_replay->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    layout->addWidget(m_replay);
    updateText();
}

void ObservedBanner::setSource(const QString &summary, const QStringList &files)
{
    m_summary = summary;
    m_label->setToolTip(files.join(QLatin1Char('\n')));
    updateText();
}

QString ObservedBanner::text() const
{
    return m_label->text();
}

void ObservedBanner::updateText()
{
    m_label->setText(
        QStringLiteral("<b>%1</b> — %2")
            .arg(tr("Observed from client logs: read-only"), m_summary.toHtmlEscaped()));
}

void ObservedBanner::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        updateText();
    }
    QWidget::changeEvent(event);
}

} // namespace Rblab

#include "moc_observedbanner.cpp"
