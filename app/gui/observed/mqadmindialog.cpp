// SPDX-License-Identifier: Apache-2.0
#include "observed/mqadmindialog.h"

#include <QDialogButtonBox>
#include <QFile>
#include <QFileDialog>
#include <QGridLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>

namespace Rblab {

namespace {
// mqadmin output of a large group is a few hundred KiB; anything much larger is not it.
constexpr qint64 kMaxOutputBytes = 64 << 20;
} // namespace

MqadminDialog::MqadminDialog(QWidget *parent) : QDialog(parent)
{
    setWindowTitle(tr("Import mqadmin output"));
    auto *grid = new QGridLayout(this);
    const auto area = [this, grid](int row, const QString &title, const QString &hint) {
        auto *label = new QLabel(title, this);
        auto *from = new QPushButton(tr("From file…"), this);
        auto *edit = new QPlainTextEdit(this);
        edit->setPlaceholderText(hint);
        edit->setLineWrapMode(QPlainTextEdit::NoWrap);
        edit->setMinimumSize(560, 140);
        grid->addWidget(label, row, 0);
        grid->addWidget(from, row, 1, Qt::AlignRight);
        grid->addWidget(edit, row + 1, 0, 1, 2);
        connect(from, &QPushButton::clicked, this, [this, edit] { loadInto(edit); });
        connect(edit, &QPlainTextEdit::textChanged, this, &MqadminDialog::updateOk);
        return edit;
    };
    m_connection = area(0, tr("consumerConnection output"),
        tr("Paste the output of: mqadmin consumerConnection -n NAMESRV -g GROUP"));
    m_progress = area(2, tr("consumerProgress output (optional)"),
        tr("Paste the output of: mqadmin consumerProgress -n NAMESRV -g GROUP"));
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_ok = buttons->button(QDialogButtonBox::Ok);
    m_ok->setText(tr("Import"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    grid->addWidget(buttons, 4, 0, 1, 2);
    updateOk();
}

QString MqadminDialog::connectionText() const
{
    return m_connection->toPlainText();
}

QString MqadminDialog::progressText() const
{
    return m_progress->toPlainText();
}

void MqadminDialog::loadInto(QPlainTextEdit *edit)
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open mqadmin output"));
    if (path.isEmpty()) {
        return;
    }
    QFile file(path);
    if (file.size() > kMaxOutputBytes || !file.open(QIODevice::ReadOnly)) {
        QMessageBox::warning(this, windowTitle(),
            file.size() > kMaxOutputBytes ? tr("%1 is too large to be mqadmin output.").arg(path)
                                          : tr("Cannot read %1: %2").arg(path, file.errorString()));
        return;
    }
    edit->setPlainText(QString::fromUtf8(file.readAll()));
}

void MqadminDialog::updateOk()
{
    m_ok->setEnabled(!m_connection->toPlainText().trimmed().isEmpty());
}

} // namespace Rblab

#include "moc_mqadmindialog.cpp"
