// SPDX-License-Identifier: Apache-2.0
#include "simulation/timelinebar.h"

#include "appoptions.h"
#include "guitext.h"
#include "simulation/simulationcontroller.h"
#include "simulation/timelinetrack.h"

#include <QAction>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QStyle>
#include <QToolButton>
#include <QToolTip>

namespace Rblab {

namespace {

//! A line edit that asks for its widest size (fitField's maximum), so the stretching track
//! leaves it its placeholder, and gives way down to its minimum when the bar is short.
class TimeField : public QLineEdit
{
public:
    using QLineEdit::QLineEdit;
    QSize sizeHint() const override { return { maximumWidth(), QLineEdit::sizeHint().height() }; }
};

} // namespace

namespace {

constexpr PauseKind kKinds[] = { PauseKind::Rebalance, PauseKind::DoubleOwnership,
    PauseKind::FlowControl, PauseKind::ConsumerState };

} // namespace

TimelineBar::TimelineBar(SimulationController &controller, QWidget *parent)
    : QWidget(parent), m_controller(controller)
{
    setObjectName(QStringLiteral("TimelineBar"));
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 2, 4, 2);
    layout->setSpacing(4);

    m_back = new QAction(this);
    m_back->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Left));
    connect(m_back, &QAction::triggered, this,
        [this] { m_controller.seek(qMax<SimTime>(0, m_controller.now() - kJump)); });
    m_forward = new QAction(this);
    m_forward->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Right));
    connect(m_forward, &QAction::triggered, this,
        [this] { m_controller.seek(m_controller.now() + kJump); });
    m_backButton = new QToolButton(this);
    m_backButton->setDefaultAction(m_back);
    m_forwardButton = new QToolButton(this);
    m_forwardButton->setDefaultAction(m_forward);

    m_track = new TimelineTrack(controller, this);
    connect(m_track, &TimelineTrack::seekRequested, &m_controller, &SimulationController::seek);
    connect(m_track, &TimelineTrack::dragStarted, this, [this] {
        m_resumeAfterDrag = m_controller.isPlaying();
        m_controller.setPlaying(false);
    });
    connect(m_track, &TimelineTrack::dragFinished, this, [this] {
        if (m_resumeAfterDrag) {
            m_controller.setPlaying(true);
        }
        m_resumeAfterDrag = false;
    });

    m_label = new QLabel(this);
    m_label->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    m_field = new TimeField(this);
    m_field->setObjectName(QStringLiteral("TimelineTimeField"));
    m_field->setClearButtonEnabled(true);
    m_field->installEventFilter(this); // its own font changes (zoom, language): fitField
    connect(m_field, &QLineEdit::returnPressed, this, &TimelineBar::goToTyped);
    connect(m_field, &QLineEdit::textEdited, this, [this] { m_field->setStyleSheet(QString()); });

    m_pauseButton = new QToolButton(this);
    m_pauseButton->setPopupMode(QToolButton::InstantPopup);
    m_pauseButton->setToolButtonStyle(Qt::ToolButtonTextOnly);
    auto *menu = new QMenu(m_pauseButton);
    for (PauseKind kind : kKinds) {
        Q_UNUSED(kind);
        QAction *action = menu->addAction(QString());
        action->setCheckable(true);
        connect(action, &QAction::toggled, this, &TimelineBar::updatePauseOn);
        m_pauseActions.append(action);
    }
    m_pauseButton->setMenu(menu);

    layout->addWidget(m_backButton);
    layout->addWidget(m_track, 1);
    layout->addWidget(m_forwardButton);
    layout->addWidget(m_label);
    layout->addWidget(m_field);
    layout->addWidget(m_pauseButton);

    connect(&controller, &SimulationController::frameUpdated, this, &TimelineBar::updateLabel);
    connect(&controller, &SimulationController::pausedOn, this, [this](PauseKind kind) {
        QToolTip::showText(m_track->mapToGlobal(QPoint(m_track->xOf(m_controller.now()), 0)),
            tr("Paused: %1").arg(pauseAction(kind)->text().remove(QLatin1Char('&'))), m_track);
    });
    retranslate();
}

QAction *TimelineBar::pauseAction(PauseKind kind) const
{
    return m_pauseActions.at(int(kind));
}

bool TimelineBar::goToTyped()
{
    const auto t = AppOptions::parseTime(m_field->text());
    if (!t) {
        m_field->setStyleSheet(QStringLiteral("QLineEdit { border: 1px solid #dc2626; }"));
        QToolTip::showText(m_field->mapToGlobal(QPoint(0, m_field->height())),
            tr("Not a time: type e.g. 6m30s, 1h2m, 130s, 2:10 or 1:02:03."), m_field);
        return false;
    }
    m_field->setStyleSheet(QString());
    m_controller.seek(*t);
    return true;
}

void TimelineBar::updatePauseOn()
{
    PauseKinds kinds;
    int checked = 0;
    for (PauseKind kind : kKinds) {
        if (pauseAction(kind)->isChecked()) {
            kinds.append(kind);
            ++checked;
        }
    }
    m_controller.setPauseOn(kinds);
    m_pauseButton->setText(checked == 0 ? tr("Pause on…") : tr("Pause on (%n)", nullptr, checked));
}

void TimelineBar::updateLabel()
{
    m_label->setText(
        tr("%1 of %2")
            .arg(GuiText::clock(m_controller.now()), GuiText::clock(m_controller.reached())));
}

void TimelineBar::retranslate()
{
    m_back->setText(tr("−20 s"));
    m_back->setToolTip(tr("Back 20 seconds (%1): the run as it was then")
                           .arg(m_back->shortcut().toString(QKeySequence::NativeText)));
    m_forward->setText(tr("+20 s"));
    m_forward->setToolTip(tr("Forward 20 seconds (%1)")
                              .arg(m_forward->shortcut().toString(QKeySequence::NativeText)));
    m_field->setPlaceholderText(tr("Go to… 6m30s"));
    m_field->setToolTip(tr("Go to a time of the run: 6m30s, 1h2m, 130s, 2:10 or 1:02:03, then "
                           "Enter. Commands given after going back start a new branch of the "
                           "session: the later ones are dropped."));
    fitField();
    m_track->setToolTip(QString());
    pauseAction(PauseKind::Rebalance)->setText(tr("&Rebalance"));
    pauseAction(PauseKind::DoubleOwnership)->setText(tr("&Double ownership begins"));
    pauseAction(PauseKind::FlowControl)->setText(tr("&Flow control begins"));
    pauseAction(PauseKind::ConsumerState)->setText(tr("A &consumer's state changes"));
    m_pauseButton->setToolTip(tr("Pause the run when one of these happens"));
    updatePauseOn();
    updateLabel();
}

void TimelineBar::fitField()
{
    // As wide as the placeholder or a long time ("1:02:03.500"), whichever is wider, beside the
    // clear button and the frame with its margins; narrower only when the window has no more
    // room (1280×720 at 200 %), down to a clock's width: sized once at 100 %, it read "G…" at
    // 200 %. (QLineEditPrivate::sideWidgetParameters: a 16 px icon, 32 px in a field 34 px high
    // or more, in 6 px and a 4 px margin.)
    const QFontMetrics metrics(m_field->font());
    const int frame = m_field->style()->pixelMetric(QStyle::PM_DefaultFrameWidth, nullptr, m_field);
    const int icon = m_field->sizeHint().height() < 34 ? 16 : 32;
    const int chrome = icon + 6 + 4 + 2 * frame + 4 + metrics.averageCharWidth();
    const int text = qMax(metrics.horizontalAdvance(m_field->placeholderText()),
        metrics.horizontalAdvance(QStringLiteral("00:00:00.000")));
    m_field->setMinimumWidth(metrics.horizontalAdvance(QStringLiteral("0:00:00")) + chrome);
    m_field->setMaximumWidth(text + chrome);
    m_field->updateGeometry();
}

bool TimelineBar::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_field && event->type() == QEvent::FontChange) {
        fitField();
    }
    return QWidget::eventFilter(watched, event);
}

void TimelineBar::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
    } else if (event->type() == QEvent::FontChange) {
        fitField();
    }
    QWidget::changeEvent(event);
}

} // namespace Rblab

#include "moc_timelinebar.cpp"
