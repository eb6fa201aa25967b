// SPDX-License-Identifier: Apache-2.0
// The centre of the window: brokers' queues travelling between consumer cards.
#pragma once

#include "assignment/assignmentitems.h"
#include "assignment/assignmentlayout.h"
#include "assignment/assignmentrenderer.h"
#include "assignment/cardvisibility.h"
#include "simulation/frame.h"
#include "simulation/selection.h"

#include <QElapsedTimer>
#include <QHash>
#include <QTimer>
#include <QWidget>

namespace Rblab {

/*!
    Draws which consumer holds which queue, from the frames the SimulationController publishes.
    A custom QPainter widget rather than thousands of scene items: the layout is computed once
    per catalog, size or capacity change, and each frame only rebuilds a flat list of tile
    items (with the animation state of each) that paint reads. When a queue changes hands its
    tile travels from where it was to its new owner's card; when too many queues and consumers
    share the space, tiles become compact, then heat-map cells.

    GUI thread only. Does not keep the run's state beyond the last frame.
*/
class AssignmentView : public QWidget
{
    Q_OBJECT

public:
    explicit AssignmentView(QWidget *parent = nullptr);

    //! Shows a frame; `generation` changes on load and restart (no travel across runs).
    void setFrame(const CatalogPtr &catalog, const WorldSnapshot &snapshot, quint64 generation);
    //! Playback speed: travel takes a few hundred ms, shorter when faster, none above 50×.
    void setSpeed(double speed);
    void setSelection(const Selection &selection);
    //! Ends every travel and flash now (a screenshot shows the world at rest).
    void settle();
    Selection selection() const { return m_selection; }
    /*!
        Leaves out the cards of departed and not-yet-started consumers in groups that have had
        more than a few (CardVisibility); on by default.
    */
    void setHideInactive(bool hide);
    /*!
        The presenter's large rebalance line on every card (next rebalance, own view), in a font
        1.7 times the view's; compact cards get the line too.
    */
    void setLargeSchedule(bool large);
    bool largeSchedule() const { return m_largeSchedule; }
    //! A card's rebalance line as drawn in full ("next rebalance in 7 s · sees 4 consumers ·
    //! 16 queues", "≠ " before a view that differs from its group's).
    QString cardScheduleText(qint32 consumer) const;
    bool hidesInactive() const { return m_visibility.isEnabled(); }
    /*!
        Whether the frames' caches were measured (a run: on by default) or not (an observed
        world: client logs record no cache size, offset or lag). Unmeasured, a card's cache
        reads "—" and its tooltip says why, never 0.
    */
    void setFiguresMeasured(bool measured);
    bool figuresMeasured() const { return m_figuresMeasured; }
    /*!
        Per consumer, the clock time of its last log line when the logs only show it falling
        silent (ObservedWorld::silentSince): its stopped card says "silent since 21:42:01 (last
        log line)" where a run says "killed". Empty (a run): none.
    */
    void setSilentSince(const QStringList &clockTimes);
    /*!
        A live group's words per consumer, whole ("not answering since 21:42:01", "left the
        group at …"), and the large word on each such stopped card ("not answering", "left"):
        a client that stops answering is not a killed one. Empty lists: none (setSilentSince's
        words, if any, apply).
    */
    void setStateNotes(const QStringList &texts, const QStringList &words);
    //! Off for a live group: no rebalance countdown on the cards (its clients do not say).
    void setScheduleKnown(bool known);
    //! A card's cache as drawn ("12 msg · 1.2 KiB", or "—" unmeasured), and why "—" (else empty).
    QString cardCacheText(qint32 consumer) const;
    QString cardCacheToolTip(qint32 consumer) const;
    //! The hover text of a card or a tile, as the view shows it.
    QString consumerToolTip(qint32 consumer) const;
    QString queueToolTip(qint32 queue) const;
    //! Consumers left out now, over all groups.
    int hiddenCount() const { return m_visibility.hiddenCount(); }

    // What is on screen, for inspection and tests.
    int cardCount() const { return int(m_layout.cards().size()); }
    //! Tiles drawn on cards and in lanes (a double-owned queue counts once per owner).
    int tileCount() const;
    int laneTileCount() const;
    AssignmentLayout::Detail detail() const { return m_layout.detail(); }
    const AssignmentLayout &layout() const { return m_layout; }
    const QList<TileItem> &tiles() const { return m_items.tiles(); }
    //! The frame shown now (what its tiles and cards were built from).
    const WorldSnapshot &snapshot() const { return m_snapshot; }
    //! Counts the layouts computed: a change means cards and tiles may be elsewhere.
    quint64 layoutGeneration() const { return m_layoutGeneration; }
    //! Queues in the unassigned lanes that are not retry queues, and those that are.
    int unassignedCount() const;
    int unassignedRetryCount() const;
    int doubleOwnedCount() const { return m_items.doubleOwnedCount(); }
    //! Each group's title line, as drawn above its cards.
    const QStringList &sectionTitles() const { return m_items.sectionTitles(); }
    //! Section `s`'s title as painted now: cut with "…" when the view is too narrow for it.
    QString shownSectionTitle(int s) const;
    int doubleOwnedRetryCount() const { return m_items.doubleOwnedRetryCount(); }
    //! The state word a consumer's card shows, in the current language.
    QString cardStateText(qint32 consumer) const;
    //! A compact card's state line as laid out and drawn (an empty rect: its card has none).
    AssignmentRenderer::StateLine cardStateLine(qint32 consumer) const;
    //! Whether this tile is drawn with its label ("A3"): full tiles always, compact ones when
    //! the label fits, heat-map cells never.
    bool tileShowsLabel(const TileItem &item) const;
    //! Whether a tile of this queue is travelling now.
    bool isQueueAnimating(qint32 queue) const;
    Selection hitTest(const QPointF &pos) const;
    int animationDuration() const;

    //! Paints the view as it is now into any painter (widget, PNG, SVG).
    void paintContent(QPainter &painter) const;
    bool exportSvg(const QString &path, QString *error) const;
    QImage exportImage(qreal devicePixelRatio) const;

    QSize sizeHint() const override { return QSize(900, 520); }
    QSize minimumSizeHint() const override { return QSize(320, 220); }

signals:
    void selectionChanged(const Rblab::Selection &selection);
    void consumerContextMenuRequested(qint32 consumer, const QPoint &globalPos);
    //! The picture on screen was painted: what reads it (the status totals) follows now.
    void framePainted();
    /*!
        Cards and tiles were laid out again (a resize, a zoom, a card that came or went, a
        capacity change): what points at them (the narration) follows now.
    */
    void layoutChanged();

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void contextMenuEvent(QContextMenuEvent *event) override;
    bool event(QEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void rebuildItems(bool animate);
    void updateTexts();
    AssignmentRenderer::Input rendererInput() const;

    CatalogPtr m_catalog;
    WorldSnapshot m_snapshot;
    quint64 m_generation = 0;
    bool m_hasFrame = false;
    double m_speed = 1;
    Selection m_selection;

    AssignmentLayout m_layout;
    bool m_layoutDirty = true;
    quint16 m_laidOutStates = 0; //!< the states (bits) the compact cards' lines are sized for
    bool m_laidOutSlowed = false;
    int m_layoutNeed = 0;
    quint64 m_layoutGeneration = 0;
    AssignmentItems m_items;
    CardVisibility m_visibility;
    QStringList m_legendLabels;
    QStringList m_laneLabels;
    QString m_cacheLabel;
    QString m_popLabel;
    QString m_oneQueueLabel;
    QString m_queuesLabel;
    QString m_unmeasuredLabel;
    QString m_silentWord;
    bool m_figuresMeasured = true;
    QStringList m_silentSince; //!< per consumer: a clock time, or empty
    QStringList m_noteTexts; //!< setStateNotes: per consumer, whole words, or empty
    QStringList m_noteWords;
    bool m_scheduleKnown = true;
    QStringList m_stateTexts; //!< "silent since %1 (last log line)" of m_silentSince, translated

    bool m_largeSchedule = false;
    mutable AssignmentRenderer m_renderer;
    QElapsedTimer m_clock;
    QTimer m_animationTimer;
    QTimer m_restTimer; //!< the next repaint of a picture at rest (at most every kRestFrameMs)
    qint64 m_lastPaint = -1000;
};

} // namespace Rblab
