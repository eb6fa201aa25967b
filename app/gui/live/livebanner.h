// SPDX-License-Identifier: Apache-2.0
// The line above the assignment view while it shows a live group.
#pragma once

#include <QWidget>

class QAction;
class QLabel;
class QToolButton;

namespace Rblab {

/*!
    Says where the view comes from ("Live from 127.0.0.1:9876 · try_group", read-only), when the
    last poll was and what did not answer; Back to live (shown while scrubbed back) and Fork
    into the engine from now beside it. The text is LiveController's (bannerText()).
*/
class LiveBanner : public QWidget
{
    Q_OBJECT

public:
    LiveBanner(QAction *backToLive, QAction *fork, QWidget *parent = nullptr);

    //! `html`: the line (rich text); `alert`: something did not answer (a warning colour).
    void setText(const QString &html, const QString &toolTip, bool alert);
    QString text() const;

private:
    QLabel *m_label = nullptr;
    QToolButton *m_back = nullptr;
    QToolButton *m_fork = nullptr;
    bool m_alert = false;
};

} // namespace Rblab
