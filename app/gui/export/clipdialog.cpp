// SPDX-License-Identifier: Apache-2.0
#include "export/clipdialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QStandardItemModel>

#include <algorithm>

namespace Rblab {

ClipDialog::ClipDialog(SimTime now, SimTime duration, const QSize &viewSize, QWidget *parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Export a clip"));
    const double end = double(std::max(duration, now)) / 1000.0;
    m_from = new QDoubleSpinBox(this);
    m_to = new QDoubleSpinBox(this);
    for (QDoubleSpinBox *box : { m_from, m_to }) {
        box->setRange(0, end);
        box->setDecimals(1);
        box->setSuffix(tr(" s"));
    }
    m_to->setValue(double(now) / 1000.0);
    m_from->setValue(std::max(0.0, m_to->value() - 60));
    m_format = new QComboBox(this);
    m_format->addItem(tr("PNG sequence (a folder)"), int(ClipExporter::Format::PngSequence));
    m_format->addItem(tr("Animated GIF"), int(ClipExporter::Format::Gif));
    m_format->addItem(tr("WebM video"), int(ClipExporter::Format::WebM));
    if (ClipExporter::ffmpeg().isEmpty()) {
        // Without ffmpeg only the PNG sequence can be written.
        auto *model = qobject_cast<QStandardItemModel *>(m_format->model());
        for (int i = 1; i < m_format->count(); ++i) {
            model->item(i)->setEnabled(false);
            model->item(i)->setToolTip(tr("needs ffmpeg (apt install ffmpeg)"));
        }
    } else {
        m_format->setCurrentIndex(1);
    }
    m_fps = new QSpinBox(this);
    m_fps->setRange(1, 60);
    m_fps->setValue(10);
    m_speed = new QDoubleSpinBox(this);
    m_speed->setRange(0.1, 1000);
    m_speed->setValue(10);
    m_speed->setSuffix(QStringLiteral("×"));
    m_width = new QSpinBox(this);
    m_height = new QSpinBox(this);
    m_width->setRange(160, 3840);
    m_height->setRange(120, 2160);
    m_width->setValue(std::clamp(viewSize.width(), 160, 3840));
    m_height->setValue(std::clamp(viewSize.height(), 120, 2160));
    m_path = new QLineEdit(QDir::home().filePath(QStringLiteral("rebalance-clip.gif")), this);
    auto *browseButton = new QPushButton(tr("Browse…"), this);
    connect(browseButton, &QPushButton::clicked, this, &ClipDialog::browse);

    auto *form = new QFormLayout(this);
    form->addRow(tr("From"), m_from);
    form->addRow(tr("To"), m_to);
    form->addRow(tr("Format"), m_format);
    form->addRow(tr("Frames per second"), m_fps);
    form->addRow(tr("Speed (virtual time per clip time)"), m_speed);
    auto *size = new QHBoxLayout;
    size->addWidget(m_width);
    size->addWidget(m_height);
    form->addRow(tr("Size (pixels)"), size);
    auto *path = new QHBoxLayout;
    path->addWidget(m_path, 1);
    path->addWidget(browseButton);
    form->addRow(tr("Save to"), path);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    form->addRow(buttons);
}

ClipExporter::Options ClipDialog::options() const
{
    ClipExporter::Options o;
    o.from = SimTime(std::llround(m_from->value() * 1000));
    o.to = SimTime(std::llround(m_to->value() * 1000));
    o.fps = m_fps->value();
    o.speed = m_speed->value();
    o.size = QSize(m_width->value(), m_height->value());
    o.format = ClipExporter::Format(m_format->currentData().toInt());
    o.path = m_path->text();
    return o;
}

void ClipDialog::browse()
{
    const auto format = ClipExporter::Format(m_format->currentData().toInt());
    const QString path = format == ClipExporter::Format::PngSequence
        ? QFileDialog::getSaveFileName(this, tr("New folder for the frames"), m_path->text())
        : QFileDialog::getSaveFileName(this, tr("Save the clip"), m_path->text(),
            format == ClipExporter::Format::Gif ? tr("GIF images (*.gif)")
                                                : tr("WebM videos (*.webm)"));
    if (!path.isEmpty()) {
        m_path->setText(path);
    }
}

} // namespace Rblab
