// SPDX-License-Identifier: Apache-2.0
// File › Export › Clip…: what range of the run to export, how, and where.
#pragma once

#include "export/clipexporter.h"

#include <QDialog>

class QComboBox;
class QDoubleSpinBox;
class QLineEdit;
class QSpinBox;

namespace Rblab {

/*!
    Asks for a clip's range (virtual seconds), format (PNG sequence always; GIF and WebM when
    Debian's ffmpeg is installed), frame rate, speed, size and target. The size starts at the
    view's, the range at the minute before now.
*/
class ClipDialog : public QDialog
{
    Q_OBJECT

public:
    ClipDialog(SimTime now, SimTime duration, const QSize &viewSize, QWidget *parent = nullptr);

    ClipExporter::Options options() const;

private:
    void browse();

    QDoubleSpinBox *m_from = nullptr;
    QDoubleSpinBox *m_to = nullptr;
    QComboBox *m_format = nullptr;
    QSpinBox *m_fps = nullptr;
    QDoubleSpinBox *m_speed = nullptr;
    QSpinBox *m_width = nullptr;
    QSpinBox *m_height = nullptr;
    QLineEdit *m_path = nullptr;
};

} // namespace Rblab
