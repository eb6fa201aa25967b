// SPDX-License-Identifier: Apache-2.0
// File › Export: the view as PNG and SVG, the charts as PNG, the metrics as CSV.
#pragma once

#include "simulation/frame.h"

#include <QObject>

class QImage;
class QWidget;

namespace Rblab {

class AssignmentView;
class ChartPanel;
class SimulationController;

/*!
    Asks where to write and writes: the assignment view as a PNG (at the screen's pixel ratio)
    or an SVG (vector, for handouts), the charts as a PNG, and the samples of the run as a CSV
    file with one row per sample and columns per consumer, for a spreadsheet. The writing
    functions are static so tests and the command line can call them without a dialog.
*/
class ExportController : public QObject
{
    Q_OBJECT

public:
    ExportController(const SimulationController &controller, AssignmentView *view,
        ChartPanel *charts, QWidget *dialogParent);

    void exportViewPng();
    void exportViewSvg();
    void exportChartsPng();
    void exportMetricsCsv();
    //! File › Export › Clip…: a range of the run as PNGs, GIF or WebM, with a progress bar.
    void exportClip();

    /*!
        Writes `image` as a PNG through QSaveFile, as every file the app writes: the old file
        stays whole if writing fails half-way. False with a reason.
    */
    static bool writePng(const QImage &image, const QString &path, QString *error);
    /*!
        `--screenshot`: `window` as it is drawn now, at `size` (scaled if the window manager
        would not give it that size), written as writePng does. False with "Cannot write …".
    */
    static bool writeWindowPng(
        QWidget *window, const QSize &size, const QString &path, QString *error);
    /*!
        `image` with a strip under it that says what it shows: "Default training world · 2:10.000"
        (the scenario, the virtual clock). A picture on a slide or in a ticket otherwise does
        not say which run or which moment it was.
    */
    static QImage withCaption(const QImage &image, const QString &caption);
    //! The caption of an exported image now: scenario name and clock.
    QString caption() const;
    /*!
        The samples as `rblab simulate --csv` writes them (consumers.csv, queues.csv and
        health.csv in `directory`, through ReportWriter); false with a reason.
    */
    static bool writeCsv(const QString &directory, const Catalog &catalog,
        const QList<SamplePtr> &samples, const QList<SampleHistory::Departure> &departures,
        QString *error);

signals:
    //! A file was written (for the status bar).
    void exported(const QString &path);

private:
    QString askPath(const QString &title, const QString &filter, const QString &suffix);
    void report(bool ok, const QString &path, const QString &error);

    const SimulationController &m_controller;
    AssignmentView *m_view;
    ChartPanel *m_charts;
    QWidget *m_dialogParent;
};

} // namespace Rblab
