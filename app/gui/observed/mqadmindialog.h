// SPDX-License-Identifier: Apache-2.0
// The two outputs of mqadmin that describe a consumer group, pasted or read from files.
#pragma once

#include <QDialog>

class QPlainTextEdit;
class QPushButton;

namespace Rblab {

/*!
    Asks for `mqadmin consumerConnection -g G` and `mqadmin consumerProgress -g G` output: a
    paste area for each, or "From file…" to read one. OK needs the connection output (who is in
    the group); the progress output (queues and offsets) may stay empty.
*/
class MqadminDialog : public QDialog
{
    Q_OBJECT

public:
    explicit MqadminDialog(QWidget *parent = nullptr);

    QString connectionText() const;
    QString progressText() const;

private:
    void loadInto(QPlainTextEdit *edit);
    void updateOk();

    QPlainTextEdit *m_connection = nullptr;
    QPlainTextEdit *m_progress = nullptr;
    QPushButton *m_ok = nullptr;
};

} // namespace Rblab
