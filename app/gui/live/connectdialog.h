// SPDX-License-Identifier: Apache-2.0
// File › Connect to a cluster…: a name server and one of its groups.
#pragma once

#include <QDialog>

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace Rblab::Remoting {
class RemotingClient;
}

namespace Rblab {

/*!
    Asks for the name server ("127.0.0.1:9876", the last one is remembered) and lists the
    consumer groups of its brokers to choose from: GET_BROKER_CLUSTER_INFO of the name server,
    then GET_ALL_SUBSCRIPTIONGROUP_CONFIG of each master broker, asynchronously (the dialog
    stays responsive). A name server that does not answer is one clear line; a group can also
    be typed. The poll interval is set here too (kept in the settings).
*/
class ConnectDialog : public QDialog
{
    Q_OBJECT

public:
    explicit ConnectDialog(QWidget *parent = nullptr);

    QString nameServer() const;
    void setNameServer(const QString &address);
    QString group() const;
    int intervalMs() const;
    //! Lists the groups of the name server in the address field (what "List groups" does).
    void listGroups();
    //! The line under the fields: what is being asked, the groups found, or what went wrong.
    QString statusText() const;
    QStringList groups() const;

    void accept() override;

signals:
    //! A listing finished (with groups or with an error line).
    void groupsListed();

private:
    void showStatus(const QString &text, bool error);
    void updateOk();

    Remoting::RemotingClient *m_client;
    QLineEdit *m_address = nullptr;
    QPushButton *m_list = nullptr;
    QComboBox *m_group = nullptr;
    QSpinBox *m_interval = nullptr;
    QLabel *m_status = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
    int m_listing = 0; //!< bumped per listing: answers of an older one are dropped
};

} // namespace Rblab
