// SPDX-License-Identifier: Apache-2.0
#include "real/realfigurestable.h"

#include <allocation/strategyregistry.h>

#include <QEvent>
#include <QEventLoop>
#include <QHeaderView>
#include <QLocale>
#include <QStyle>
#include <QThread>
#include <QTimer>

#include <algorithm>
#include <cmath>

namespace Rblab {

RealFiguresTable::RealFiguresTable(QWidget *parent) : QTableWidget(0, ColumnCount, parent)
{
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setAlternatingRowColors(true);
    verticalHeader()->hide();
    horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    horizontalHeader()->setStretchLastSection(true);
    setWordWrap(false);
    retranslate();
}

RealFiguresTable::~RealFiguresTable()
{
    // The engine's runs read the registry and the copy of the scenario: the thread ends first
    // (at the next seed; a run is seconds at most).
    if (m_thread) {
        m_cancel->store(true);
        m_thread->wait();
        delete m_thread;
    }
}

void RealFiguresTable::compute(
    const QString &dir, const Scenario &scenario, const StrategyRegistry &registry)
{
    if (m_thread) {
        return;
    }
    m_done = false;
    m_rows.clear();
    m_error.clear();
    m_cancel = std::make_shared<std::atomic_bool>(false);
    auto cancel = m_cancel;
    const StrategyRegistry *reg = &registry;
    m_thread = QThread::create([this, dir, scenario, reg, cancel] {
        QString error;
        QList<RealComparisonRow> rows;
        const std::optional<RealRunRecord> real = RealRunRecord::read(dir, scenario, &error);
        if (real) {
            // Each consumer starts when its real start() returned, as rblab compare --real has.
            const Scenario asPlayed = real->asPlayed(scenario);
            QList<RunFigures> engine;
            for (int k = 0; k < kSeeds && !cancel->load(); ++k) {
                engine.append(
                    engineFigures(asPlayed, *reg, scenario.seed + quint64(k), real->figures.from));
            }
            rows = compareReal(real->figures, engine);
        }
        if (cancel->load()) {
            return;
        }
        QMetaObject::invokeMethod(
            this, [this, rows, error] { finished(rows, error); }, Qt::QueuedConnection);
    });
    connect(m_thread, &QThread::finished, this, [this] {
        if (m_thread) {
            m_thread->wait();
            m_thread->deleteLater();
            m_thread = nullptr;
        }
    });
    fill();
    m_thread->start(QThread::LowPriority);
}

void RealFiguresTable::finished(const QList<RealComparisonRow> &rows, const QString &error)
{
    m_rows = rows;
    m_error = error;
    m_done = true;
    fill();
    emit ready();
}

bool RealFiguresTable::waitUntilReady(int timeoutMs)
{
    if (m_done) {
        return true;
    }
    QEventLoop loop;
    connect(this, &RealFiguresTable::ready, &loop, &QEventLoop::quit);
    QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
    loop.exec();
    return m_done;
}

QString RealFiguresTable::valueText(double value, const QString &unit)
{
    if (unit == QLatin1String("queue-seconds")) {
        return QLocale().toString(value, 'f', 2);
    }
    return QLocale().toString(qint64(std::llround(value)));
}

QString RealFiguresTable::figureText(const RealComparisonRow &row)
{
    if (row.handOver) {
        QString what;
        if (row.action == QLatin1String("kill")) {
            what = tr("the kill of %1").arg(row.consumer);
        } else if (row.action == QLatin1String("shutdown")) {
            what = tr("the shutdown of %1").arg(row.consumer);
        } else if (row.action == QLatin1String("freeze")) {
            what = tr("the freeze of %1").arg(row.consumer);
        } else {
            what = row.action + u' ' + row.consumer;
        }
        if (row.redelivery) {
            return tr("First message back after %1 (ms)").arg(what);
        }
        return row.last ? tr("Last queue taken over after %1 (ms)").arg(what)
                        : tr("First queue taken over after %1 (ms)").arg(what);
    }
    if (row.figure == QLatin1String("duplicates")) {
        return tr("Duplicates (messages)");
    }
    if (row.figure == QLatin1String("double-owned")) {
        return tr("Double-owned (queue-seconds)");
    }
    if (row.figure == QLatin1String("unowned")) {
        return tr("Unowned (queue-seconds)");
    }
    if (row.figure == QLatin1String("flow-control lines")) {
        return tr("Flow-control lines");
    }
    if (row.figure == QLatin1String("POP redelivered")) {
        return tr("POP redeliveries (messages)");
    }
    return row.figure;
}

QString RealFiguresTable::verdictText(const RealComparisonRow &row)
{
    if (row.verdict()) {
        return tr("agrees");
    }
    return !row.inside ? tr("outside the range") : tr("median too far");
}

QString RealFiguresTable::ruleText(const RealComparisonRow &row)
{
    if (row.handOver) {
        return tr("Agrees when the real gap lies inside the engine's range over %1 seeds, widened "
                  "by 50 ms of measurement, and the engine's median is within max(15 %, 150 ms) "
                  "of the real gap.")
            .arg(row.seeds);
    }
    if (row.unit == QLatin1String("queue-seconds")) {
        return tr("Agrees when the real value lies inside the engine's range over %1 seeds, "
                  "widened by 50 ms per queue of measurement.")
            .arg(row.seeds);
    }
    return tr("Agrees when the real count lies inside the engine's range over %1 seeds.")
        .arg(row.seeds);
}

void RealFiguresTable::fill()
{
    setRowCount(0);
    if (!m_done) {
        setRowCount(1);
        auto *item = new QTableWidgetItem(
            tr("Reading the real run and playing its scenario in the engine over %1 seeds…")
                .arg(kSeeds));
        setItem(0, Figure, item);
        setSpan(0, 0, 1, ColumnCount);
        return;
    }
    clearSpans();
    if (!m_error.isEmpty()) {
        setRowCount(1);
        setItem(0, Figure, new QTableWidgetItem(m_error));
        setSpan(0, 0, 1, ColumnCount);
        return;
    }
    setRowCount(int(m_rows.size()));
    const QColor agrees(0xD7, 0xF0, 0xDD);
    const QColor disagrees(0xF8, 0xD7, 0xCF);
    for (int r = 0; r < int(m_rows.size()); ++r) {
        const RealComparisonRow &row = m_rows.at(r);
        const auto cell = [](const QString &text, Qt::Alignment align) {
            auto *item = new QTableWidgetItem(text);
            item->setTextAlignment(align | Qt::AlignVCenter);
            return item;
        };
        setItem(r, Figure, cell(figureText(row), Qt::AlignLeft));
        setItem(r, Real, cell(valueText(row.real, row.unit), Qt::AlignRight));
        setItem(r, Median,
            cell(row.seeds > 0 ? valueText(row.median, row.unit) : QStringLiteral("—"),
                Qt::AlignRight));
        setItem(r, Range,
            cell(row.seeds > 0 ? tr("%1 … %2").arg(
                     valueText(row.least, row.unit), valueText(row.most, row.unit))
                               : QStringLiteral("—"),
                Qt::AlignHCenter));
        QTableWidgetItem *verdict = cell(verdictText(row), Qt::AlignLeft);
        verdict->setToolTip(ruleText(row));
        verdict->setBackground(row.verdict() ? agrees : disagrees);
        verdict->setForeground(QColor(0x20, 0x20, 0x20));
        setItem(r, Verdict, verdict);
    }
}

void RealFiguresTable::retranslate()
{
    setHorizontalHeaderLabels({ tr("Figure"), tr("Real"), tr("Engine median"),
        tr("Engine range (%1 seeds)").arg(kSeeds), tr("Verdict") });
    fill();
}

void RealFiguresTable::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
    }
    QTableWidget::changeEvent(event);
}

QSize RealFiguresTable::sizeHint() const
{
    // Room for every column and a vertical scroll bar: the table never scrolls sideways.
    int width = frameWidth() * 2 + style()->pixelMetric(QStyle::PM_ScrollBarExtent) + 12;
    for (int c = 0; c < columnCount(); ++c) {
        width += std::max(horizontalHeader()->sectionSizeHint(c), sizeHintForColumn(c));
    }
    return QSize(width, QTableWidget::sizeHint().height());
}

} // namespace Rblab

#include "moc_realfigurestable.cpp"
