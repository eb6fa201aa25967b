// SPDX-License-Identifier: Apache-2.0
// The scenario's teaching notes as callouts over the assignment view (issue 10, point 3).
#pragma once

#include "simulation/frame.h"

#include <scenario/scenario.h>

#include <QFont>
#include <QList>
#include <QPixmap>
#include <QPointer>
#include <QRectF>
#include <QWidget>

namespace Rblab {

class AssignmentView;

/*!
    Shows the scenario's narration (scenario-format.md, "Narration") over the assignment view:
    the note of the current virtual time in a box, with a line from the box to each card and
    tile it names and a ring around them. A note shows from its time until the next note, or
    for kShowFor when it is the last. A note with "pause" asks once for playback to pause when
    the run reaches it playing forward.

    A transparent child of the view, so it follows the view's size and is painted after it;
    it ignores the mouse. The box is laid out once per note, size and language (a cached pixmap):
    each repaint draws a pixmap, a few lines and rings, nothing else.

    The box never covers what the note points at (CalloutPlacement): at presenter zoom or in a
    long language it takes a narrower or smaller layout, or goes beside its focus. It follows
    the cards through every new layout of the view (resize, zoom, a card that came or went),
    and a note ends early when every card it points at has left the view.
*/
class NarrationOverlay : public QWidget
{
    Q_OBJECT

public:
    static constexpr SimTime kShowFor = 20 * kSecond;
    //! The box's height stays under this share of the view (it widens, then its text shrinks
    //! down to the view's own font size, before it covers more).
    static constexpr qreal kMaxHeightShare = 0.4;

    explicit NarrationOverlay(AssignmentView *view);

    void setNarration(const QList<NarrationNote> &notes);
    /*!
        Follows the run: picks the note of `now` and points at its focus as the view lays it
        out now. A generation change (load, restart) forgets which pauses were asked for.
    */
    void setTime(const CatalogPtr &catalog, SimTime now, quint64 generation);
    /*!
        View ▸ Show narration: off hides the callouts, and a note's "pause" no longer stops the
        run (it still follows the time, so turning it on shows the current note at once).
    */
    void setShown(bool shown);
    bool isShown() const { return m_shown; }
    /*!
        Lets the box go over `area` (the charts) when the view has no room that hides nothing:
        the overlay becomes a child of `host`, an ancestor of both (not a QSplitter, which would
        take it as a pane), above them. Without it the box stays inside the view (clip export).
    */
    void setSpillArea(QWidget *area, QWidget *host);
    //! The box is over the spill area (the charts), not the view.
    bool boxOverCharts() const { return m_overCharts; }
    //! The language changed: lay the box out again in it.
    void retranslate();

    // What is on screen, for tests and the clip export.
    int currentNote() const { return m_current; } //!< index into the narration, -1: none
    QString currentText() const;
    /*!
        Whether the callout is drawn: a note of the time, narration shown, and its focus still
        on screen (a note whose cards all left the view ends, issue 37 item 3).
    */
    bool isCalloutShown() const { return m_shown && m_current >= 0 && !m_focusGone; }
    //! The current note names cards or tiles and none of them is on screen now.
    bool focusGone() const { return m_focusGone; }
    //! The box as drawn, in the view's coordinates (below it when over the charts); null when
    //! there is no room for it beside its focus.
    QRectF boxRect() const { return m_box; }
    //! The box text's size as a multiple of the view's font (1.3 unless the box had no room).
    qreal boxScale() const { return m_boxScale; }
    //! The cards and tiles the note points at (ringed, with a line from the box).
    const QList<QRectF> &targets() const { return m_targets; }
    /*!
        What the box never covers: the targets, every tile of a focused consumer (its lane
        copies too) and the tiles its group's consumers took within kMovedBefore of the note.
    */
    const QList<QRectF> &keepClear() const { return m_keepClear; }
    //! Moves this long before a note count as "just moved" (a kill a second before its note).
    static constexpr SimTime kMovedBefore = 2 * kSecond;
    //! Paints the callout into any painter in the view's coordinates (the clip export).
    void paintCallout(QPainter &painter) const;

signals:
    void pauseRequested(int note);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void paintEvent(QPaintEvent *event) override;

private:
    //! The view laid its cards out again: point at them where they are now.
    void followLayout();
    //! Targets, box layout and place for the current note, and whether it shows.
    void refresh();
    void updateTargets();
    void layOutBox();
    void placeBox();
    void renderBox(int layout);
    void syncGeometry();
    //! Where the view's origin is in this overlay (not 0 once it spills over the charts).
    QPointF viewOffset() const;
    //! The spill area in the view's coordinates; null when there is none.
    QRectF spillRect() const;

    AssignmentView *m_view;
    QPointer<QWidget> m_spill;
    bool m_overCharts = false;
    QList<NarrationNote> m_notes;
    CatalogPtr m_catalog;
    quint64 m_generation = 0;
    SimTime m_now = -1;
    int m_current = -1;
    bool m_shown = true;
    bool m_focusGone = false;
    int m_lastPauseAsked = -1; //!< the last note whose pause was requested in this run
    QList<QRectF> m_targets;
    QList<QRectF> m_keepClear;
    QSize m_targetsFor; //!< the view size m_targets were found for
    quint64 m_targetsLayout = 0; //!< the view's layout generation they were found in
    QRectF m_box;
    struct PlacementKey
    {
        int note = -1;
        quint64 layout = 0; //!< the view's layout generation
        QSize view;
        QString text;
        QFont font;
        QRectF spill;
        friend bool operator==(const PlacementKey &, const PlacementKey &) = default;
    };
    PlacementKey m_placedFor; //!< what m_box was placed for
    qreal m_boxScale = 1.3;
    //! One way of laying the note's text out: a share of the view's width, a font scale.
    struct BoxLayout
    {
        qreal share = 0.45;
        qreal scale = 1.3;
        QSizeF size; //!< the box, padding included
    };
    QList<BoxLayout> m_layouts; //!< most preferred first, for m_boxText, m_boxFor, m_boxFont
    int m_pixmapLayout = -1; //!< which of m_layouts m_boxPixmap shows
    QPixmap m_boxPixmap;
    QString m_boxText; //!< what m_layouts are for, to lay out only on change
    QSize m_boxFor; //!< the view size m_layouts were laid out for
    QFont m_boxFont; //!< the view font they were laid out with
};

} // namespace Rblab
