// SPDX-License-Identifier: Apache-2.0
// The timeline under the assignment view: scrub, jump to a time, back and forward, pause on events.
#pragma once

#include "simulation/frame.h"

#include <sim/simtime.h>

#include <QWidget>

class QAction;
class QLabel;
class QLineEdit;
class QToolButton;

namespace Rblab {

class SimulationController;
class TimelineTrack;

/*!
    The run's timeline: a scrub track with its markers (TimelineTrack), back and forward 20 s, a
    "go to" field that takes the times --at takes (6m30s, 1h2m, 130s, 2:10, 1:02:03), and a
    "Pause on" menu (rebalance, double ownership, flow control, a consumer's state change).
    Going to a moment only asks the controller for it: the engine's Timeline restores and
    replays, and the view, the charts, the log and the inspector show what comes back. A drag
    pauses a playing run while it lasts.
*/
class TimelineBar : public QWidget
{
    Q_OBJECT

public:
    static constexpr SimTime kJump = 20 * kSecond;

    explicit TimelineBar(SimulationController &controller, QWidget *parent = nullptr);

    TimelineTrack *track() const { return m_track; }
    QLineEdit *timeField() const { return m_field; }
    QAction *backAction() const { return m_back; }
    QAction *forwardAction() const { return m_forward; }
    //! The "Pause on" action of a kind (checkable).
    QAction *pauseAction(PauseKind kind) const;
    //! Goes to the time typed in the field; false (and says why) when it cannot be read.
    bool goToTyped();

protected:
    void changeEvent(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void retranslate();
    //! Sizes the Go-to field to its placeholder in its font (read again at every zoom and
    //! language): sized once at 100 %, it read "G…" at 200 %.
    void fitField();
    void updateLabel();
    void updatePauseOn();

    SimulationController &m_controller;
    TimelineTrack *m_track = nullptr;
    QToolButton *m_backButton = nullptr;
    QToolButton *m_forwardButton = nullptr;
    QAction *m_back = nullptr;
    QAction *m_forward = nullptr;
    QLabel *m_label = nullptr;
    QLineEdit *m_field = nullptr;
    QToolButton *m_pauseButton = nullptr;
    QList<QAction *> m_pauseActions; //!< indexed by PauseKind
    bool m_resumeAfterDrag = false;
};

} // namespace Rblab
