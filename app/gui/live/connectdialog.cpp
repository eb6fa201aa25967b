// SPDX-License-Identifier: Apache-2.0
#include "live/connectdialog.h"

#include "live/livesession.h"

#include <querycodes.h>
#include <remotingbodies.h>
#include <remotingclient.h>

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSet>
#include <QSettings>
#include <QSpinBox>
#include <QVBoxLayout>

#include <memory>

namespace Rblab {

namespace {

const QString kAddressKey = QStringLiteral("live/nameServer");
constexpr int kTimeoutMs = 3000;

//! The broker's own groups (MixAll and the ONS ones), not worth watching.
bool isSystemGroup(const QString &name)
{
    static const QSet<QString> names { QStringLiteral("TOOLS_CONSUMER"),
        QStringLiteral("FILTERSRV_CONSUMER"), QStringLiteral("SELF_TEST_C_GROUP"),
        QStringLiteral("__MONITOR_CONSUMER"), QStringLiteral("CID_ONS-HTTP-PROXY"),
        QStringLiteral("CID_SYS_RMQ_TRANS"), QStringLiteral("CID_DefaultHeartBeatSyncerTopic") };
    return names.contains(name) || name.startsWith(QLatin1String("CID_ONSAPI_"))
        || name.startsWith(QLatin1String("CID_RMQ_SYS_"));
}

} // namespace

ConnectDialog::ConnectDialog(QWidget *parent)
    : QDialog(parent), m_client(new Remoting::RemotingClient(this))
{
    setWindowTitle(tr("Connect to a cluster"));
    auto *layout = new QVBoxLayout(this);
    auto *intro = new QLabel(tr("Watch a running consumer group, read-only: who holds which queue, "
                                "how full each client's process queues are, how far behind each "
                                "queue is. Nothing is sent that could change the cluster."),
        this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    auto *form = new QFormLayout;
    auto *addressRow = new QHBoxLayout;
    m_address = new QLineEdit(
        QSettings().value(kAddressKey, QStringLiteral("127.0.0.1:9876")).toString(), this);
    m_address->setPlaceholderText(QStringLiteral("127.0.0.1:9876"));
    addressRow->addWidget(m_address, 1);
    m_list = new QPushButton(tr("&List groups"), this);
    addressRow->addWidget(m_list);
    form->addRow(tr("&Name server"), addressRow);
    m_group = new QComboBox(this);
    m_group->setEditable(true);
    m_group->setMinimumContentsLength(24);
    form->addRow(tr("&Group"), m_group);
    m_interval = new QSpinBox(this);
    m_interval->setRange(1, 600);
    m_interval->setSuffix(tr(" s"));
    m_interval->setValue(qMax(1, LiveSession::savedInterval() / 1000));
    form->addRow(tr("&Poll every"), m_interval);
    layout->addLayout(form);
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_status);
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("&Watch"));
    layout->addWidget(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &ConnectDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_list, &QPushButton::clicked, this, &ConnectDialog::listGroups);
    connect(m_address, &QLineEdit::returnPressed, this, &ConnectDialog::listGroups);
    connect(m_group, &QComboBox::currentTextChanged, this, &ConnectDialog::updateOk);
    connect(m_address, &QLineEdit::textChanged, this, &ConnectDialog::updateOk);
    updateOk();
}

QString ConnectDialog::nameServer() const
{
    return m_address->text().trimmed();
}

void ConnectDialog::setNameServer(const QString &address)
{
    m_address->setText(address);
}

QString ConnectDialog::group() const
{
    return m_group->currentText().trimmed();
}

int ConnectDialog::intervalMs() const
{
    return m_interval->value() * 1000;
}

QString ConnectDialog::statusText() const
{
    return m_status->text();
}

QStringList ConnectDialog::groups() const
{
    QStringList list;
    for (int i = 0; i < m_group->count(); ++i) {
        list.append(m_group->itemText(i));
    }
    return list;
}

void ConnectDialog::updateOk()
{
    m_buttons->button(QDialogButtonBox::Ok)
        ->setEnabled(!nameServer().isEmpty() && !group().isEmpty());
}

void ConnectDialog::showStatus(const QString &text, bool error)
{
    m_status->setText(text);
    m_status->setStyleSheet(error ? QStringLiteral("color: #b91c1c;") : QString());
}

void ConnectDialog::listGroups()
{
    const int listing = ++m_listing;
    const QString address = nameServer();
    showStatus(tr("Asking %1 for its brokers…").arg(address), false);
    QString refusal;
    // The brokers of the name server, then each master's subscription groups, in parallel.
    const bool sent = m_client->request(
        address, Remoting::Code::GetBrokerClusterInfo, {}, kTimeoutMs,
        [this, listing, address](const Remoting::RemotingReply &reply) {
            if (listing != m_listing) {
                return;
            }
            if (!reply.success()) {
                showStatus(
                    tr("The name server %1 does not answer: %2").arg(address, reply.describe()),
                    true);
                emit groupsListed();
                return;
            }
            QString error;
            const std::optional<Remoting::ClusterInfo> cluster
                = Remoting::readClusterInfo(reply.response.body, &error);
            QStringList masters;
            for (const Remoting::BrokerData &b :
                cluster ? cluster->brokers : QList<Remoting::BrokerData>()) {
                if (!b.masterAddress().isEmpty()) {
                    masters.append(b.masterAddress());
                }
            }
            if (masters.isEmpty()) {
                showStatus(cluster
                        ? tr("The name server %1 lists no broker.").arg(address)
                        : tr("The name server's answer could not be read: %1").arg(error),
                    true);
                emit groupsListed();
                return;
            }
            auto found = std::make_shared<QSet<QString>>();
            auto problems = std::make_shared<QStringList>();
            auto waiting = std::make_shared<int>(int(masters.size()));
            for (const QString &broker : std::as_const(masters)) {
                m_client->request(broker, Remoting::Code::GetAllSubscriptionGroupConfig, {},
                    kTimeoutMs,
                    [this, listing, broker, found, problems, waiting](
                        const Remoting::RemotingReply &groupsReply) {
                        if (listing != m_listing) {
                            return;
                        }
                        QString readError;
                        const std::optional<QStringList> names = groupsReply.success()
                            ? Remoting::readSubscriptionGroups(
                                groupsReply.response.body, &readError)
                            : std::nullopt;
                        if (names) {
                            for (const QString &name : *names) {
                                if (!isSystemGroup(name)) {
                                    found->insert(name);
                                }
                            }
                        } else {
                            problems->append(QStringLiteral("%1: %2").arg(broker,
                                groupsReply.success() ? readError : groupsReply.describe()));
                        }
                        if (--*waiting > 0) {
                            return;
                        }
                        QStringList sorted(found->cbegin(), found->cend());
                        sorted.sort();
                        const QString typed = group();
                        m_group->clear();
                        m_group->addItems(sorted);
                        if (!typed.isEmpty()) {
                            m_group->setCurrentText(typed);
                        }
                        QString text = tr("%n group(s) found.", nullptr, int(sorted.size()));
                        if (!problems->isEmpty()) {
                            text += QLatin1Char(' ')
                                + tr("Not answered: %1").arg(problems->join(QStringLiteral("; ")));
                        }
                        showStatus(text, sorted.isEmpty());
                        emit groupsListed();
                    });
            }
        },
        &refusal);
    if (!sent) {
        showStatus(tr("Not a name server address (host:port): %1").arg(address), true);
        emit groupsListed();
    }
}

void ConnectDialog::accept()
{
    QSettings().setValue(kAddressKey, nameServer());
    LiveSession::saveInterval(intervalMs());
    QDialog::accept();
}

} // namespace Rblab

#include "moc_connectdialog.cpp"
