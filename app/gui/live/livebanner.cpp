// SPDX-License-Identifier: Apache-2.0
#include "live/livebanner.h"

#include <QAction>
#include <QHBoxLayout>
#include <QLabel>
#include <QToolButton>

namespace Rblab {

namespace {

//! Green while every part answers, amber when something did not (as ObservedBanner's notice).
void paint(QWidget *banner, bool alert)
{
    QPalette pal = banner->palette();
    pal.setColor(QPalette::Window, alert ? QColor(0xfe, 0xf3, 0xc7) : QColor(0xdc, 0xfc, 0xe7));
    pal.setColor(QPalette::WindowText, alert ? QColor(0x78, 0x35, 0x0f) : QColor(0x14, 0x53, 0x2d));
    banner->setPalette(pal);
}

} // namespace

LiveBanner::LiveBanner(QAction *backToLive, QAction *fork, QWidget *parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("LiveBanner"));
    setAutoFillBackground(true);
    paint(this, false);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 3, 8, 3);
    m_label = new QLabel(this);
    m_label->setTextFormat(Qt::RichText);
    m_label->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    layout->addWidget(m_label, 1);
    m_back = new QToolButton(this);
    m_back->setDefaultAction(backToLive);
    m_back->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    layout->addWidget(m_back);
    // A tool button takes its action's text and state, not its visibility: a recording has no
    // "live" to go back to.
    m_back->setVisible(backToLive->isVisible());
    connect(backToLive, &QAction::changed, m_back,
        [this, backToLive] { m_back->setVisible(backToLive->isVisible()); });
    m_fork = new QToolButton(this);
    m_fork->setDefaultAction(fork);
    m_fork->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    layout->addWidget(m_fork);
}

void LiveBanner::setText(const QString &html, const QString &toolTip, bool alert)
{
    m_label->setText(html);
    m_label->setToolTip(toolTip);
    if (alert != m_alert) {
        m_alert = alert;
        paint(this, alert);
    }
}

QString LiveBanner::text() const
{
    return m_label->text();
}

} // namespace Rblab

#include "moc_livebanner.cpp"
