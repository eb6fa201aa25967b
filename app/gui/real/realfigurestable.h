// SPDX-License-Identifier: Apache-2.0
// The figures of a real run beside the engine's over seeds, with a verdict each (issue 35).
#pragma once

#include <report/realrunfigures.h>
#include <scenario/scenario.h>

#include <QTableWidget>

#include <atomic>
#include <memory>

class QThread;

namespace Rblab {

class StrategyRegistry;

/*!
    "Real vs engine": per figure (RealRunRecord's hand-overs, duplicates, queue-seconds,
    flow-control lines) the real value, the engine's median and range over the seeds and a
    verdict (compareReal's rule, said in the cell's tooltip), as `rblab compare --real` prints
    them. compute() reads the run and plays the engine on a worker thread (a QThread: twenty
    runs of the scenario take seconds); the table says so until the rows arrive (ready()).
*/
class RealFiguresTable : public QTableWidget
{
    Q_OBJECT

public:
    static constexpr int kSeeds = 20;
    enum Column { Figure, Real, Median, Range, Verdict, ColumnCount };

    explicit RealFiguresTable(QWidget *parent = nullptr);
    ~RealFiguresTable() override;

    /*!
        Reads the real run in `dir` and runs `scenario` (its profile already the real client's)
        over kSeeds seeds from its seed, off the GUI thread. `registry` must outlive the table.
    */
    void compute(const QString &dir, const Scenario &scenario, const StrategyRegistry &registry);
    bool isComputing() const { return m_thread != nullptr; }
    //! Waits (running the event loop) until the rows are in; false after `timeoutMs`.
    bool waitUntilReady(int timeoutMs);
    const QList<RealComparisonRow> &rows() const { return m_rows; }
    //! Why the figures could not be read (the run folder's file and line), else empty.
    QString error() const { return m_error; }

    //! The figure's name in the language in use ("first receipt after kill 127.0.0.1@c1").
    static QString figureText(const RealComparisonRow &row);
    static QString verdictText(const RealComparisonRow &row);
    static QString ruleText(const RealComparisonRow &row);
    static QString valueText(double value, const QString &unit);

    QSize sizeHint() const override;

signals:
    void ready();

protected:
    void changeEvent(QEvent *event) override;

private:
    void fill();
    void retranslate();
    void finished(const QList<RealComparisonRow> &rows, const QString &error);

    QThread *m_thread = nullptr;
    std::shared_ptr<std::atomic_bool> m_cancel;
    QList<RealComparisonRow> m_rows;
    QString m_error;
    bool m_done = false;
};

} // namespace Rblab
