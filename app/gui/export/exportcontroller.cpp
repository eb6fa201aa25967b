// SPDX-License-Identifier: Apache-2.0
#include "export/exportcontroller.h"

#include "export/clipdialog.h"
#include "export/clipexporter.h"

#include "assignment/assignmentview.h"
#include "charts/chartpanel.h"
#include "guitext.h"
#include "simulation/simulationcontroller.h"

#include <json/savefile.h>

#include <QApplication>
#include <report/reportwriter.h>

#include <QFileDialog>
#include <QProgressDialog>
#include <QFontMetricsF>
#include <QImageWriter>
#include <QLocale>
#include <QMessageBox>
#include <QPainter>
#include <QSaveFile>
#include <QSettings>
#include <QStandardPaths>
#include <QWidget>

#include <cmath>

namespace Rblab {

ExportController::ExportController(const SimulationController &controller, AssignmentView *view,
    ChartPanel *charts, QWidget *dialogParent)
    : QObject(dialogParent)
    , m_controller(controller)
    , m_view(view)
    , m_charts(charts)
    , m_dialogParent(dialogParent)
{
}

QString ExportController::askPath(
    const QString &title, const QString &filter, const QString &suffix)
{
    QSettings settings;
    const QString dir = settings
                            .value(QStringLiteral("export/directory"),
                                QStandardPaths::writableLocation(QStandardPaths::PicturesLocation))
                            .toString();
    const QString name = QStringLiteral("rebalance-lab-%1.%2")
                             .arg(QString::number(m_controller.now() / 1000), suffix);
    QString path = QFileDialog::getSaveFileName(
        m_dialogParent, title, dir + QLatin1Char('/') + name, filter);
    if (path.isEmpty()) {
        return path;
    }
    if (!path.endsWith(QLatin1Char('.') + suffix, Qt::CaseInsensitive)) {
        path += QLatin1Char('.') + suffix;
    }
    settings.setValue(QStringLiteral("export/directory"), QFileInfo(path).absolutePath());
    return path;
}

void ExportController::report(bool ok, const QString &path, const QString &error)
{
    if (ok) {
        emit exported(path);
    } else {
        QMessageBox::warning(
            m_dialogParent, tr("Export failed"), tr("Could not write %1:\n%2").arg(path, error));
    }
}

void ExportController::exportViewPng()
{
    const QString path
        = askPath(tr("Export the view as PNG"), tr("PNG images (*.png)"), QStringLiteral("png"));
    if (path.isEmpty()) {
        return;
    }
    QString error;
    const QImage image = withCaption(m_view->exportImage(m_view->devicePixelRatioF()), caption());
    report(writePng(image, path, &error), path, error);
}

void ExportController::exportViewSvg()
{
    const QString path
        = askPath(tr("Export the view as SVG"), tr("SVG images (*.svg)"), QStringLiteral("svg"));
    if (path.isEmpty()) {
        return;
    }
    QString error;
    report(m_view->exportSvg(path, &error), path, error);
}

void ExportController::exportClip()
{
    if (!m_controller.hasRun()) {
        return;
    }
    ClipDialog dialog(
        m_controller.now(), m_controller.scenario().duration, m_view->size(), m_dialogParent);
    if (dialog.exec() != QDialog::Accepted) {
        return;
    }
    const ClipExporter::Options options = dialog.options();
    QProgressDialog progress(tr("Rendering the clip…"), tr("Cancel"), 0,
        ClipExporter::frameCount(options), m_dialogParent);
    progress.setWindowModality(Qt::WindowModal);
    progress.setMinimumDuration(0);
    QString error;
    const bool ok = ClipExporter::write(
        m_controller.scenario(), m_controller.registry(), options,
        [&progress](int done, int) {
            progress.setValue(done);
            QCoreApplication::processEvents();
            return !progress.wasCanceled();
        },
        &error);
    progress.reset();
    report(ok, options.path, error);
}

void ExportController::exportChartsPng()
{
    const QString path
        = askPath(tr("Export the charts as PNG"), tr("PNG images (*.png)"), QStringLiteral("png"));
    if (path.isEmpty()) {
        return;
    }
    QString error;
    report(writePng(withCaption(m_charts->grabImage(), caption()), path, &error), path, error);
}

void ExportController::exportMetricsCsv()
{
    const CatalogPtr catalog = m_controller.catalog();
    if (!catalog) {
        return;
    }
    // A folder, as `rblab simulate --csv` writes: consumers.csv, queues.csv and health.csv.
    QSettings settings;
    const QString start
        = settings
              .value(QStringLiteral("export/directory"),
                  QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation))
              .toString();
    const QString directory = QFileDialog::getExistingDirectory(m_dialogParent,
        tr("Export the samples as CSV files (consumers.csv, queues.csv, health.csv)"), start);
    if (directory.isEmpty()) {
        return;
    }
    settings.setValue(QStringLiteral("export/directory"), directory);
    QString error;
    report(writeCsv(directory, *catalog, m_controller.samples(),
               m_controller.lastFrame().departures, &error),
        directory, error);
}

QString ExportController::caption() const
{
    const QString name = m_controller.scenario().nameFor(QLocale().name());
    return tr("%1 · %2").arg(
        name.isEmpty() ? tr("Untitled") : name, GuiText::clock(m_controller.now()));
}

QImage ExportController::withCaption(const QImage &image, const QString &caption)
{
    if (image.isNull()) {
        return image;
    }
    const qreal dpr = image.devicePixelRatio();
    QFont font = QApplication::font();
    font.setBold(true);
    const QFontMetricsF metrics(font);
    const int strip = int(std::ceil(metrics.height() + 8));
    const QSize logical = (QSizeF(image.size()) / dpr).toSize();
    QImage out(QSize(logical.width(), logical.height() + strip) * dpr, image.format());
    out.setDevicePixelRatio(dpr);
    const QPalette palette = QApplication::palette();
    out.fill(palette.color(QPalette::Window));
    QPainter p(&out);
    p.drawImage(QPointF(0, 0), image);
    p.setFont(font);
    p.setPen(palette.color(QPalette::WindowText));
    p.drawText(QRectF(8, logical.height(), logical.width() - 16, strip),
        Qt::AlignVCenter | Qt::AlignLeft,
        metrics.elidedText(caption, Qt::ElideMiddle, logical.width() - 16));
    p.end();
    return out;
}

bool ExportController::writeWindowPng(
    QWidget *window, const QSize &size, const QString &path, QString *error)
{
    QImage image = window->grab().toImage();
    if (image.size() != size) {
        image = image.scaled(size, Qt::IgnoreAspectRatio, Qt::SmoothTransformation);
    }
    QString reason;
    if (!writePng(image, path, &reason)) {
        *error = tr("Cannot write %1: %2").arg(path, reason);
        return false;
    }
    return true;
}

bool ExportController::writePng(const QImage &image, const QString &path, QString *error)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        if (error) {
            *error = file.errorString();
        }
        return false;
    }
    QImageWriter writer(&file, "png");
    if (!writer.write(image)) {
        file.cancelWriting();
        if (error) {
            *error = writer.errorString();
        }
        return false;
    }
    if (!commitFully(file)) {
        if (error) {
            *error = file.errorString();
        }
        return false;
    }
    return true;
}

bool ExportController::writeCsv(const QString &directory, const Catalog &catalog,
    const QList<SamplePtr> &samples, const QList<SampleHistory::Departure> &departures,
    QString *error)
{
    // The engine's writer, from a plain record of what the app holds: the files are
    // `rblab simulate --csv`'s, byte for byte for the same samples.
    RunRecord record;
    record.catalog = catalog;
    record.samples = [&samples, &departures](const RunRecord::SampleVisitor &visit) {
        // The window keeps departed consumers' rows folded: every row comes back for the file.
        for (const SamplePtr &sample : samples) {
            visit(SampleHistory::expand(*sample, departures));
        }
        return true;
    };
    return ReportWriter::writeCsv(record, directory, error);
}

} // namespace Rblab

#include "moc_exportcontroller.cpp"
