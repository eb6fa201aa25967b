// SPDX-License-Identifier: Apache-2.0
#include "real/realrundialog.h"

#include "guitext.h"

#include <QCloseEvent>
#include <QDialogButtonBox>
#include <QDir>
#include <QEvent>
#include <QEventLoop>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QThread>
#include <QTimer>
#include <QVBoxLayout>

namespace Rblab {

namespace {
const QString kRocketMqKey = QStringLiteral("realRun/rocketmq");
} // namespace

RealRunDialog::RealRunDialog(
    const Scenario &scenario, const QString &file, const QByteArray &fileText, QWidget *parent)
    : QDialog(parent), m_scenario(scenario), m_file(file)
{
    if (!fileText.isEmpty()) {
        RealRunPlan::lines(fileText, &m_eventLines, &m_groupLines);
    }
    auto *layout = new QVBoxLayout(this);
    m_intro = new QLabel(this);
    m_intro->setWordWrap(true);
    layout->addWidget(m_intro);
    auto *grid = new QGridLayout;
    m_rocketmqLabel = new QLabel(this);
    m_rocketmq = new QLineEdit(this);
    m_rocketmqBrowse = new QPushButton(this);
    m_rocketmqState = new QLabel(this);
    m_rocketmqState->setWordWrap(true);
    m_outLabel = new QLabel(this);
    m_out = new QLineEdit(this);
    m_outBrowse = new QPushButton(this);
    grid->addWidget(m_rocketmqLabel, 0, 0);
    grid->addWidget(m_rocketmq, 0, 1);
    grid->addWidget(m_rocketmqBrowse, 0, 2);
    grid->addWidget(m_rocketmqState, 1, 1, 1, 2);
    grid->addWidget(m_outLabel, 2, 0);
    grid->addWidget(m_out, 2, 1);
    grid->addWidget(m_outBrowse, 2, 2);
    layout->addLayout(grid);
    m_planLabel = new QLabel(this);
    layout->addWidget(m_planLabel);
    m_planText = new QPlainTextEdit(this);
    m_planText->setReadOnly(true);
    m_planText->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_planText->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_planText->setMinimumSize(620, 160);
    layout->addWidget(m_planText, 1);
    m_state = new QLabel(this);
    m_state->setWordWrap(true);
    layout->addWidget(m_state);
    auto *buttons = new QDialogButtonBox(this);
    m_start = buttons->addButton(QString(), QDialogButtonBox::AcceptRole);
    m_cancel = buttons->addButton(QDialogButtonBox::Cancel);
    connect(buttons, &QDialogButtonBox::accepted, this, [this] {
        QSettings().setValue(kRocketMqKey, m_home.dir);
        accept();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);

    connect(m_rocketmq, &QLineEdit::editingFinished, this, &RealRunDialog::update);
    connect(m_out, &QLineEdit::textChanged, this, &RealRunDialog::update);
    connect(m_rocketmqBrowse, &QPushButton::clicked, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(
            this, tr("The RocketMQ folder"), m_rocketmq->text());
        if (!dir.isEmpty()) {
            setRocketMqFolder(dir);
        }
    });
    connect(m_outBrowse, &QPushButton::clicked, this, [this] {
        const QString dir
            = QFileDialog::getExistingDirectory(this, tr("The run's folder"), m_out->text());
        if (!dir.isEmpty()) {
            setOutputFolder(dir);
        }
    });
    m_rocketmq->setText(defaultRocketMqFolder());
    retranslate();
}

QString RealRunDialog::defaultRocketMqFolder()
{
    const QString last = QSettings().value(kRocketMqKey).toString();
    return last.isEmpty() ? qEnvironmentVariable("ROCKETMQ_HOME") : last;
}

void RealRunDialog::setRocketMqFolder(const QString &dir)
{
    m_rocketmq->setText(dir);
    update();
}

void RealRunDialog::setOutputFolder(const QString &dir)
{
    m_out->setText(dir);
    update();
}

QString RealRunDialog::outputFolder() const
{
    return m_out->text().trimmed().isEmpty()
        ? QString()
        : QFileInfo(m_out->text().trimmed()).absoluteFilePath();
}

QStringList RealRunDialog::refusalLines() const
{
    QStringList lines;
    for (const RealRunPlan::Refusal &r : m_plan.refusals) {
        lines.append(r.toString(m_file));
    }
    return lines;
}

void RealRunDialog::update()
{
    // The folder is checked once per text (find() asks the distribution for its class path).
    const QString folder = m_rocketmq->text().trimmed();
    if (folder != m_homeChecked) {
        m_homeChecked = folder;
        m_home = RocketMqHome();
        m_homeError.clear();
        if (folder.isEmpty()) {
            m_homeError = tr("Choose the folder of a RocketMQ 4.9 or 5.x (ROCKETMQ_HOME).");
        } else {
            m_home = RocketMqHome::find(folder, &m_homeError);
        }
    }
    m_rocketmqState->setText(m_homeError.isEmpty()
            ? tr("RocketMQ %1, started with %2").arg(m_home.version, m_home.java)
            : m_homeError);
    // The plan is the real client's: a 5.x folder may play what 4.9 cannot (POP), and the
    // reverse. Without a folder, the scenario's profile decides.
    RealRunPlan::Version version
        = m_scenario.profile == Profile::V49 ? RealRunPlan::Version::V49 : RealRunPlan::Version::V5;
    if (m_homeError.isEmpty()) {
        version = m_home.family;
    }
    m_plan = RealRunPlan::make(m_scenario, version, m_eventLines, m_groupLines);

    QStringList text;
    if (!m_plan.ok()) {
        text.append(tr("A real cluster cannot play this scenario as it is:"));
        text.append(refusalLines());
    } else {
        text.append(tr("Brokers: %1").arg(m_plan.brokers.join(QStringLiteral(", "))));
        for (const RealRunPlan::TopicCreate &c : std::as_const(m_plan.topics)) {
            text.append(
                tr("Topic %1 on %2: %n queue(s)", nullptr, c.queues).arg(c.topic, c.broker));
        }
        for (const RealRunPlan::ConsumerLaunch &c : std::as_const(m_plan.consumers)) {
            text.append(tr("Consumer %1 starts at %2").arg(c.name, GuiText::clock(c.start)));
        }
        for (const RealRunPlan::Step &s : std::as_const(m_plan.steps)) {
            text.append(QStringLiteral("%1  %2").arg(GuiText::clock(s.at), s.describe));
        }
    }
    m_planText->setPlainText(text.join(u'\n'));

    const QString out = outputFolder();
    if (!m_plan.ok()) {
        m_blocker = tr("Change the scenario first: a real run plays it whole or not at all.");
    } else if (!m_homeError.isEmpty()) {
        m_blocker = tr("Choose a RocketMQ folder.");
    } else if (out.isEmpty()) {
        m_blocker = tr("Choose a folder for the run's logs.");
    } else if (QDir(out).exists() && !QDir(out).isEmpty()) {
        m_blocker = tr("%1 is not empty: choose a new folder.").arg(QDir::toNativeSeparators(out));
    } else {
        m_blocker.clear();
    }
    m_state->setText(m_blocker.isEmpty()
            ? tr("The run takes %1 in real time, plus the cluster's start.")
                  .arg(GuiText::clock(m_scenario.duration))
            : m_blocker);
    m_start->setEnabled(m_blocker.isEmpty());
}

void RealRunDialog::retranslate()
{
    setWindowTitle(tr("Run on a real RocketMQ"));
    m_intro->setText(
        tr("Plays the scenario on a real RocketMQ on this machine (a name server, its brokers "
           "and a Java client per consumer, on loopback), in real time, then opens the run "
           "beside the engine."));
    m_rocketmqLabel->setText(tr("RocketMQ folder:"));
    m_rocketmqBrowse->setText(tr("Browse…"));
    m_outLabel->setText(tr("Run folder:"));
    m_outBrowse->setText(tr("Browse…"));
    m_planLabel->setText(tr("What will be done:"));
    m_start->setText(tr("Start"));
    m_homeChecked = QStringLiteral("\n"); // the folder's state in the new language
    update();
}

void RealRunDialog::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
    }
    QDialog::changeEvent(event);
}

RealRunProgressDialog::RealRunProgressDialog(qint64 totalMs, QWidget *parent)
    : QDialog(parent), m_totalMs(totalMs)
{
    setWindowTitle(tr("Running on a real RocketMQ"));
    setModal(true);
    auto *layout = new QVBoxLayout(this);
    m_time = new QLabel(this);
    QFont big = m_time->font();
    big.setBold(true);
    m_time->setFont(big);
    layout->addWidget(m_time);
    m_lines = new QPlainTextEdit(this);
    m_lines->setReadOnly(true);
    m_lines->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_lines->setMinimumSize(640, 280);
    m_lines->setMaximumBlockCount(5000);
    layout->addWidget(m_lines, 1);
    auto *row = new QHBoxLayout;
    row->addStretch(1);
    m_stopButton = new QPushButton(tr("Stop"), this);
    m_stopButton->setToolTip(tr("Stop the run: every process it started is stopped"));
    connect(m_stopButton, &QPushButton::clicked, this, &RealRunProgressDialog::requestStop);
    row->addWidget(m_stopButton);
    layout->addLayout(row);
    m_timer = new QTimer(this);
    m_timer->setInterval(250);
    connect(m_timer, &QTimer::timeout, this, &RealRunProgressDialog::tick);
}

RealRunProgressDialog::~RealRunProgressDialog()
{
    if (m_thread) {
        if (m_stop) {
            m_stop();
        }
        m_thread->wait();
        delete m_thread;
    }
}

bool RealRunProgressDialog::runModal(std::function<bool()> run, std::function<void()> stop)
{
    m_stop = std::move(stop);
    m_result = false;
    m_running = true;
    m_thread = QThread::create([this, run = std::move(run)] { m_result = run(); });
    connect(m_thread, &QThread::finished, this, [this] {
        m_running = false;
        m_timer->stop();
        done(m_result ? QDialog::Accepted : QDialog::Rejected);
    });
    m_elapsed.start();
    tick();
    m_timer->start();
    m_thread->start();
    exec();
    m_thread->wait();
    delete m_thread;
    m_thread = nullptr;
    return m_result;
}

void RealRunProgressDialog::post(const QString &line)
{
    QMetaObject::invokeMethod(
        this, [this, line] { m_lines->appendPlainText(line); }, Qt::QueuedConnection);
}

QString RealRunProgressDialog::text() const
{
    return m_lines->toPlainText();
}

void RealRunProgressDialog::requestStop()
{
    if (!m_running || m_stopRequested) {
        return;
    }
    m_stopRequested = true;
    m_stopButton->setEnabled(false);
    m_stopButton->setText(tr("Stopping…"));
    m_lines->appendPlainText(tr("Stopping every process the run started…"));
    if (m_stop) {
        m_stop();
    }
}

void RealRunProgressDialog::tick()
{
    m_time->setText(tr("%1 of %2 (real time)")
                        .arg(GuiText::clock(m_elapsed.isValid() ? m_elapsed.elapsed() : 0),
                            GuiText::clock(m_totalMs)));
}

void RealRunProgressDialog::closeEvent(QCloseEvent *event)
{
    if (m_running) {
        // Closed: the run stops what it started, and the dialog goes when it has.
        requestStop();
        event->ignore();
        return;
    }
    QDialog::closeEvent(event);
}

void RealRunProgressDialog::reject()
{
    if (m_running) {
        requestStop(); // Escape: as Stop
        return;
    }
    QDialog::reject();
}

} // namespace Rblab

#include "moc_realrundialog.cpp"
