// SPDX-License-Identifier: Apache-2.0
#include "simulation/eventlogview.h"

#include "simulation/eventlogmodel.h"
#include "guitext.h"
#include "simulation/simulationcontroller.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QScrollBar>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

namespace Rblab {

EventLogView::EventLogView(const SimulationController &controller, QWidget *parent)
    : QWidget(parent), m_controller(controller)
{
    m_model = new EventLogModel(controller, this);
    m_filter = new EventLogFilter(this);
    m_filter->setSourceModel(m_model);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    auto *bar = new QHBoxLayout;
    m_kinds = new QToolButton(this);
    m_kinds->setPopupMode(QToolButton::InstantPopup);
    m_kindsMenu = new QMenu(m_kinds);
    m_kinds->setMenu(m_kindsMenu);
    m_count = new QLabel(this);
    bar->addWidget(m_kinds);
    bar->addStretch(1);
    bar->addWidget(m_count);
    layout->addLayout(bar);

    m_table = new QTableView(this);
    m_table->setModel(m_filter);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_table->setWordWrap(false);
    layout->addWidget(m_table);

    connect(&controller, &SimulationController::frameUpdated, this, &EventLogView::handleFrame);
    connect(&controller, &SimulationController::runStarted, m_model, &EventLogModel::reset);
    connect(&controller, &SimulationController::runStarted, this, &EventLogView::rebuildKindsMenu);
    connect(&controller, &SimulationController::rewound, m_model, &EventLogModel::reset);
    connect(m_table, &QTableView::clicked, this, &EventLogView::handleClicked);
    retranslate();
}

void EventLogView::retranslate()
{
    m_kinds->setText(tr("Kinds"));
    m_kinds->setToolTip(tr("Choose which kinds of events the log shows"));
    m_table->setToolTip(tr("Click an event to select its consumer or queue"));
    fitColumns();
    rebuildKindsMenu();
    m_model->retranslate();
    handleFrame();
}

void EventLogView::fitColumns()
{
    // Sized from the table's font, again when presenter zoom changes it: at 150 % the times
    // and client ids were cut to "1:34.…" in columns sized for the desktop's font.
    const QFontMetrics fm = m_table->fontMetrics();
    m_table->verticalHeader()->setDefaultSectionSize(fm.height() + 6);
    m_table->setColumnWidth(
        EventLogModel::TimeColumn, fm.horizontalAdvance(QStringLiteral("00:00.000")) + 16);
    m_table->setColumnWidth(
        EventLogModel::ConsumerColumn, fm.horizontalAdvance(QStringLiteral("10.0.0.10@1010")) + 16);
    m_table->setColumnWidth(EventLogModel::WhereColumn,
        qMax(110, fm.horizontalAdvance(QStringLiteral("broker-a/00")) + 24));
    // The kind column fits the longest kind in this language (Chinese ones are short), which
    // leaves the detail column in view more often.
    int kindWidth = 0;
    for (SimEvent::Type type : GuiText::eventTypes()) {
        kindWidth = qMax(kindWidth, fm.horizontalAdvance(GuiText::eventName(type)));
    }
    m_table->setColumnWidth(EventLogModel::KindColumn, kindWidth + 16);
}

void EventLogView::rebuildKindsMenu()
{
    m_kindsMenu->clear();
    QAction *all = m_kindsMenu->addAction(tr("Show all"));
    connect(all, &QAction::triggered, this, [this] {
        m_filter->setHiddenTypes({});
        rebuildKindsMenu();
    });
    QAction *none = m_kindsMenu->addAction(tr("Hide all"));
    connect(none, &QAction::triggered, this, [this] {
        QSet<int> hidden;
        for (SimEvent::Type t : GuiText::eventTypes()) {
            hidden.insert(int(t));
        }
        m_filter->setHiddenTypes(hidden);
        rebuildKindsMenu();
    });
    m_kindsMenu->addSeparator();
    // Imported logs name their kinds as the log does: "silent", never "kill"; a live group as
    // its event log does ("left the group", "not answering").
    const bool observed = m_controller.isObserved();
    const bool live = m_controller.isLive();
    for (SimEvent::Type type : GuiText::eventTypes()) {
        QString name = observed ? GuiText::observedEventName(type) : GuiText::eventName(type);
        if (live) {
            if (const QString liveName = EventLogModel::liveTypeName(type); !liveName.isEmpty()) {
                name = liveName;
            }
        }
        QAction *action = m_kindsMenu->addAction(name);
        action->setCheckable(true);
        action->setChecked(!m_filter->hiddenTypes().contains(int(type)));
        connect(action, &QAction::toggled, this,
            [this, type](bool on) { setTypeVisible(int(type), on); });
    }
}

QStringList EventLogView::kindNames() const
{
    QStringList names;
    for (const QAction *action : m_kindsMenu->actions()) {
        if (action->isCheckable()) {
            names.append(action->text());
        }
    }
    return names;
}

void EventLogView::setTypeVisible(int type, bool visible)
{
    QSet<int> hidden = m_filter->hiddenTypes();
    if (visible) {
        hidden.remove(type);
    } else {
        hidden.insert(type);
    }
    m_filter->setHiddenTypes(hidden);
    handleFrame();
}

int EventLogView::visibleRowCount() const
{
    return m_filter->rowCount();
}

void EventLogView::handleFrame()
{
    QScrollBar *bar = m_table->verticalScrollBar();
    const bool atEnd = bar->value() >= bar->maximum() - 2;
    m_model->synchronize();
    m_count->setText(
        tr("%1 of %2 events")
            .arg(GuiText::count(m_filter->rowCount()), GuiText::count(m_model->rowCount())));
    if (atEnd) {
        m_table->scrollToBottom();
    }
}

void EventLogView::handleClicked(const QModelIndex &index)
{
    const QModelIndex source = m_filter->mapToSource(index);
    const int consumer = source.data(EventLogModel::ConsumerRole).toInt();
    const int queue = source.data(EventLogModel::QueueRole).toInt();
    // The column clicked decides when an event names both.
    if (source.column() == EventLogModel::WhereColumn && queue >= 0) {
        emit selectionRequested(Selection::queue(queue));
    } else if (consumer >= 0) {
        emit selectionRequested(Selection::consumer(consumer));
    } else if (queue >= 0) {
        emit selectionRequested(Selection::queue(queue));
    }
}

void EventLogView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
    } else if (event->type() == QEvent::FontChange) {
        fitColumns(); // presenter zoom
    }
    QWidget::changeEvent(event);
}

} // namespace Rblab

#include "moc_eventlogview.cpp"
