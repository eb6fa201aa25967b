<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>Rblab::AllocationCaseRunner</name>
    <message>
        <source>missing required field &quot;%1&quot; (a string)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>field &quot;%1&quot; must be a string, got %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>field &quot;params&quot; must be an object, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>missing required field &quot;queues&quot; (an array of {&quot;brokerName&quot;, &quot;queueId&quot;})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>field &quot;queues&quot; must be an array, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>queues[%1] must be an object, got %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>queues[%1] lacks &quot;brokerName&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>queues[%1].brokerName must be a string, got %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>queues[%1] lacks &quot;queueId&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>queues[%1].queueId must be an integer, got %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>missing required field &quot;consumers&quot; (an array of client ids)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>field &quot;consumers&quot; must be an array, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>consumers[%1] must be a string, got %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>topic must not be empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>queues[%1].brokerName must not be empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>queues[%1].queueId must be an integer ≥ 0, got %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>queues[%1] repeats %2 (queues must not repeat)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>consumers[%1] must not be empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>params.%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a case must be a JSON object, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not valid JSON at character %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a case must be a JSON object, got an array</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Rblab::AppOptions</name>
    <message>
        <source>Rebalance Lab: watch how Apache RocketMQ consumer groups share a topic&apos;s queues.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Interface language: en or zh_CN (default: the system&apos;s).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Playback speed, from 0.1 to 1000 (default 1).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run every group with this strategy instead of the scenario&apos;s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Also load strategy plugins from DIR (repeatable).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run to --at as fast as possible, save the window as FILE (PNG), exit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Virtual time of the screenshot: &quot;90s&quot;, &quot;2m&quot; or ms.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Window size of the screenshot (default 1600x1000).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open paused instead of playing.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A scenario file to open (default: the bundled training world).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Only one scenario can be opened; got %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--speed must be a number from 0.1 to 1000, got &quot;%1&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--at must be a duration such as &quot;90s&quot;, &quot;2m&quot; or a number of ms, got &quot;%1&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--screenshot needs --at TIME.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>--size must be WIDTHxHEIGHT from 320x240 to 8192x8192, got &quot;%1&quot;.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Rblab::AssignmentToolTip</name>
    <message>
        <source>Group: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>State: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Strategy: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Queues: %1, cached %2 messages (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Flow-control holds: count %1, size %2, span %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last rebalance: %1 (%2 rounds changed something)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No rebalance yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Its own view of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not computed yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>computed at %1 with %2 from %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no broker</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 queues, %2 consumers:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>… and %1 more</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 on %2, queue %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Retry topic: redelivered messages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Broker offset %1, committed %2, lag %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Broker down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No consumer holds it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Held by &lt;b&gt;%1&lt;/b&gt; (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cache: %1 of %2 messages, %3 of %4 MiB, span %5 of %6</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next pull offset %1, consumed up to %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pulls held back: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Holds the broker lock (orderly)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dropped, waiting to be removed</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Rblab::AssignmentView</name>
    <message>
        <source>Unassigned</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>double-owned</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>retry queue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>flow control: count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>flow control: size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>flow control: span</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 msg · %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each card is a consumer of the group, each tile a queue coloured by its broker. Tiles travel when a rebalance moves them. Right-click a card for churn actions.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — %2 queues, %3 of %4 consumers running, %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No scenario loaded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rebalance Lab — queue assignment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Queues by consumer at %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1 queue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 queues</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Rblab::ChartPanel</name>
    <message>
        <source>Cache per consumer (messages, largest queue)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cache per consumer (MiB, largest queue)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lag per consumer (messages)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Flow-control holds per second</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ownership health (queues)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cache</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cache MiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lag</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Flow control</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ownership</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>time (s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rebalance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wheel: zoom the time axis. Drag (paused): pan. Double-click: follow the clock. Click a legend entry to hide its line.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>highest</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mean</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pullThresholdForQueue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pullThresholdSizeForQueue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>span</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unassigned</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>double-owned</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Rblab::ChurnPanel</name>
    <message>
        <source>Random churn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>On</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Consumers join, shut down, crash, freeze… at random, as in production</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mean interval</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Average time between two random changes (exponentially distributed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Live consumers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Churn never takes the group below this many live consumers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Churn never takes the group above this many live consumers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Actions and weights: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Production</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The topic whose produce rate to change</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> msg/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Messages per second produced to the whole topic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Apply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change the produce rate now (setProduceRate)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Consumers</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Rblab::ConsumerActions</name>
    <message>
        <source>&amp;Add consumer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start a new consumer in the group (join)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Shut down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Graceful shutdown: persist offsets, unregister, the broker notifies the others</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Kill</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The process dies: the broker sees the connection close; unpersisted offsets are lost</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Freeze</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The host hangs: no heartbeat, no pull; the broker only notices when the channel expires</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Unfreeze</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The frozen host runs again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Partition</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cut the network between the consumer and every broker; it keeps running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Heal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restore the network of a partitioned consumer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DefaultMQPushConsumer.suspend(): stop pulling, keep the queues</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Resume</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>DefaultMQPushConsumer.resume()</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>S&amp;low down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The listener takes ten times longer per message (cache fills, flow control)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restore &amp;speed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The listener takes its original time per message again</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Rblab::EventLogModel</name>
    <message>
        <source>+%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>−%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Consumer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Queue / broker</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Detail</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Rblab::EventLogView</name>
    <message>
        <source>Kinds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose which kinds of events the log shows</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Click an event to select its consumer or queue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hide all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 events</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Rblab::ExportController</name>
    <message>
        <source>Export failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not write %1:
%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export the view as PNG</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the image could not be saved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export the view as SVG</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SVG images (*.svg)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export the charts as PNG</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export the metrics as CSV</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Rblab::GuiText</name>
    <message>
        <source>not started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>starting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>slowed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>paused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>frozen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>partitioned</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>killed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>shut down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>join</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>shutdown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kill</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>freeze</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unfreeze</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>partition</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>heal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>resume</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>consume time changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failure rate changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>strategy changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>client settings changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>connection registered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>connection closed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>connection expired</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unregistered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>notify: ids changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>broker down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>broker up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rebalance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rebalance failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>strategy error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>flow control on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>flow control off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>route changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>offset illegal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lock failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>produce rate changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>queue count changed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cached message count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cached size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>offset span</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>topic message count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>topic cached size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 KiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 MiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>messages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>offsets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>threads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>times</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1×</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Rblab::InspectorView</name>
    <message>
        <source>Property</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a consumer card or a queue tile to inspect it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Consumer %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Client id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>State</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Strategy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Queues held</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cached</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 messages, %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delivered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Flow-control holds</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>count %1, size %2, span %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Busy consume threads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2 tasks queued)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pullThresholdForQueue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pullThresholdSizeForQueue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 MiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>consumeConcurrentlyMaxSpan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last rebalance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2 rounds changed something)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>never</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Its view of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>at %1: %2 consumers, %3 queues, from %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not computed yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 cached, next offset %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Consumed offset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cache</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 messages, %2, span %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pull state</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pulling (last pull %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>held back: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lock</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>locked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not locked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Held since</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dropped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>waiting to be removed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Queue %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Topic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Broker</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (down)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Queue id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Broker offset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Committed offset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lag</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Owners</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 alive, %2 running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Route</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not in the name server&apos;s route</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next pull offset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 messages, %3, span %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last moved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 to %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Rblab::JsonNode</name>
    <message>
        <source>an empty array</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an array</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an empty object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>null</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>true or false</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a string</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Rblab::JsonParser</name>
    <message>
        <source>expected a JSON value, got an empty file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected the end of the file after the top-level value, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>nesting deeper than %1 levels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a comma before &apos;}&apos; is not allowed in JSON</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a key in double quotes, got the end of the file (the object at %1 is not closed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a key in double quotes, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected &apos;:&apos; after the key &quot;%1&quot;, got %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a value for &quot;%1&quot;, got the end of the file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>duplicate key &quot;%1&quot; (first at %2; only the first is used)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected &apos;,&apos; or &apos;}&apos; after an object member, got the end of the file (the object at %1 is not closed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected &apos;,&apos; or &apos;}&apos; after an object member, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a comma before &apos;]&apos; is not allowed in JSON</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a value, got the end of the file (the array at %1 is not closed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected &apos;,&apos; or &apos;]&apos; after an array element, got the end of the file (the array at %1 is not closed)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected &apos;,&apos; or &apos;]&apos; after an array element, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>line %1, column %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the file is UTF-16; expected UTF-8</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid UTF-8 byte 0x%1; expected UTF-8 text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the end of the file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected 4 hexadecimal digits after \u, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unterminated string (it opens at %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a string may not span lines: close it with &apos;&quot;&apos; or write \n (it opens at %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>control character %1 in a string; write it as an escape such as \t</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unpaired surrogate \u%1: expected a second \u escape from \uDC00 to \uDFFF after it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unpaired surrogate \u%1: a low surrogate must follow a high one (\uD800 to \uDBFF)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid escape \%1; JSON knows \&quot; \\ \/ \b \f \n \r \t and \uXXXX</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a digit after &apos;-&apos;, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a number may not start with 0 followed by more digits in JSON</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a digit after the decimal point, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a digit in the exponent, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the number %1 is too large</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a value (an object, array, string, number, true, false or null), got %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Rblab::MainWindow</name>
    <message>
        <source>The scenario cannot run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wrote %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Examples</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Simulation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Consumer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Playback</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Consumers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a scenario file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the scenario with your commands, churn and settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the scenario to another file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quit Rebalance Lab</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>View as &amp;PNG…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the assignment view as a PNG image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>View as &amp;SVG…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the assignment view as an SVG drawing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Charts as PNG…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the charts as a PNG image</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Metrics as CSV…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save every sample of the run as a CSV file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step to next &amp;event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pause and run to the next event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Step to next &amp;rebalance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pause and run to the next rebalance that moves a queue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Res&amp;tart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run the scenario again from the start, with your recorded commands</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Faster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Play faster</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>S&amp;lower</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Play slower</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Strategy &amp;plugins…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The loaded strategy plugins and the files that failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About Rebalance Lab</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About Rebalance Lab</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About Qt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Strategy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Churn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Inspector</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Event log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Play</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pause the simulation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Play the simulation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>System default (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Switch the interface to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Untitled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1[*] — Rebalance Lab</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 queues, %3 msg/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 consumers, %3, %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Brokers:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Topics:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Groups:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Profile:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seed %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n command(s) recorded in this session.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Rebalances %1 · queue moves %2 · duplicates %3 · unassigned %4 · double-owned %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Produced %1, delivered %2, lost %3; flow-control holds: count %4, size %5, span %6</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mixed (rolling deploy)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 at %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 refused: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot open %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Opened with %n warning(s): %1</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Cannot save %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scenarios (*.json);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scenarios (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unsaved session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This session has commands or settings that are not saved. Save them before going on?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;h3&gt;Rebalance Lab %1&lt;/h3&gt;&lt;p&gt;A laboratory for how Apache RocketMQ consumer groups share a topic&apos;s queues: push consumers and brokers simulated event by event, allocation strategies loaded as plugins.&lt;/p&gt;&lt;p&gt;Licensed under the Apache License 2.0.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run did not reach %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Rblab::ParameterForm</name>
    <message>
        <source>This strategy has no parameters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allowed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(default)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>default: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>required</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>broker-a:0, broker-a:1, …</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>comma-separated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 must be a number, got &quot;%2&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not broker:queueId</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a strategy.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Rblab::ParameterValidator</name>
    <message>
        <source>%1 must be %2, got %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 must have from %2 to %3 %4, got %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 must have at least %2 %3, got %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 must have at most %2 %3, got %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 must be %2, got &quot;%3&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 must be the name of a loaded strategy, got an empty string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>characters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1[%2] must be a string, got %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>entries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1[%2] must be an object {&quot;brokerName&quot;, &quot;queueId&quot;}, got %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1[%2].brokerName must be a non-empty string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1[%2].queueId must be an integer from 0 to 2147483647</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1[%2].topic must be a non-empty string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>queues</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 takes no parameters, got &quot;%2&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown parameter &quot;%1&quot; for %2 (it takes: %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is required (%2)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Rblab::PlaybackBar</name>
    <message>
        <source>(reaching %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The engine cannot keep up with the requested speed; this is the speed it reaches.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Virtual time since the start of the run (minutes:seconds.milliseconds)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Playback speed: virtual time per wall-clock time, from 0.1× to 1000×</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Rblab::PluginDialog</name>
    <message>
        <source>Strategy plugins</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n strategy plugin(s) loaded.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) could not be loaded; hover a row for the reason.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>No plugin file failed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Strategy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>State</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Details</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>loaded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>built in</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Rblab::RecentFiles</name>
    <message>
        <source>No recent files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear list</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Rblab::ReportWriter</name>
    <message>
        <source>cannot create the folder %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Rblab::ScenarioDiagnostic</name>
    <message>
        <source>error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>warning</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Rblab::ScenarioDuration</name>
    <message>
        <source>a duration such as &quot;250ms&quot;, &quot;1.5s&quot;, &quot;5m&quot; or a number of milliseconds</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Rblab::ScenarioReader</name>
    <message>
        <source>expected a churn object such as {&quot;group&quot;: …, &quot;meanInterval&quot;: &quot;45s&quot;, &quot;actions&quot;: {&quot;join&quot;: 1, &quot;kill&quot;: 1}}, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>churn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an object of action weights such as {&quot;join&quot;: 3, &quot;kill&quot;: 1}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected an object of action weights such as {&quot;join&quot;: 3, &quot;kill&quot;: 1}, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown churn action &quot;%1&quot; (expected %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected at least one action with a weight above 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected minConsumers (%1) to be at most maxConsumers (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a consumer object such as {&quot;id&quot;: &quot;10.0.0.1@1001&quot;}, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a consumer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected an object of strategy parameters, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>client settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;start&quot; is not used in a join: the consumer starts at the event&apos;s time (ignored)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a consume time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a lognormal consume time needs a mean above 0ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a p99 above the mean (%1) for a lognormal consume time, got %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>p99 is only used by the lognormal distribution</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected {&quot;probability&quot;: p, &quot;time&quot;: duration}, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a stall</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n more problem(s) not shown</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>expected an array of events, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected an event object such as {&quot;at&quot;: &quot;60s&quot;, &quot;action&quot;: &quot;kill&quot;, &quot;consumer&quot;: &quot;10.0.0.1@1001&quot;}, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>missing required field &quot;action&quot; in an event (expected one of %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a &quot;%1&quot; event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>field &quot;%1&quot; is not used by the action &quot;%2&quot; (ignored)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>topic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>broker</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a consumer object such as {&quot;id&quot;: &quot;10.0.0.9@1009&quot;}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a non-empty array of broker names (leave &quot;brokers&quot; out for all brokers), got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>broker &quot;%1&quot; is listed twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an object of client settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected at least one client setting, got an empty object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a non-empty array of consumer groups, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a group object, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a group name of letters, digits, &apos;%&apos;, &apos;|&apos;, &apos;_&apos; or &apos;-&apos; (at most %1 characters), got %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an array of topic names</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>consumeTimestamp is only used with CONSUME_FROM_TIMESTAMP</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an array of consumers, possibly empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected an array of consumers, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a non-empty array of topic names, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>topic &quot;%1&quot; is listed twice (first at line %2, column %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>missing required field &quot;%1&quot; in %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>missing required field &quot;%1&quot; in %2 (expected %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a non-empty string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>true or false</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an integer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>line %1, column %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 and %n more</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>duplicate %1 name &quot;%2&quot; (first at %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none is declared</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>declared: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown %1 &quot;%2&quot; (%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>duplicate consumer name &quot;%1&quot; (first at %2); consumers that share a client id need distinct &quot;name&quot;s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown consumer &quot;%1&quot; (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>consumer &quot;%1&quot; joins only at %2 (%3), after this event at %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>consumer &quot;%1&quot; is in group &quot;%2&quot;, not in &quot;%3&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot open the file: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the file is %1 bytes long; a scenario file is at most %2 bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read the file: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a scenario object {…} at the top level, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>missing required field &quot;format&quot; (expected &quot;%1&quot;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected &quot;%1&quot;, got %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>this file was made by a newer version of Rebalance Lab (format &quot;%1&quot;); this version reads &quot;%2&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected &quot;%1&quot;, got %2; this is not a scenario file of a known version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected an integer from 0 to %1, got %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected an object such as {&quot;latency&quot;: &quot;1ms&quot;}, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the network settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>broker settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an array of broker names</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an array of topics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an array of consumer groups</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a string or an object of language → text such as {&quot;en&quot;: …, &quot;zh_CN&quot;: …}, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a non-empty array of broker names, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a non-empty array of topics, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a topic object, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a topic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a topic name of letters, digits, &apos;%&apos;, &apos;|&apos;, &apos;_&apos; or &apos;-&apos; (at most %1 characters), got %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>an object of broker name → queue count</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected an object of broker name → queue count such as {&quot;broker-a&quot;: 8}, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a message size range</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected max to be at least min (%1), got %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a number of bytes from 1 to %1 or {&quot;min&quot;: …, &quot;max&quot;: …}, got %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected %1, got %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected true or false, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of at least %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 from %2 to %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a whole number of milliseconds, got %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected a duration from %1 to %2, got %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected one of %1, got %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected %1 (%2), got %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>expected an object of %1, got %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown field &quot;%1&quot; in %2 is ignored</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; did you mean &quot;%1&quot;?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 or %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Rblab::ScenarioWriter</name>
    <message>
        <source>cannot save &quot;%1&quot;: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Rblab::Settings</name>
    <message>
        <source>Cached messages per queue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cached MiB per queue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cached messages per topic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cached MiB per topic</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Max offset span in cache</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Messages per pull</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pause between pulls</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Messages per listener call</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Consume threads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Retries before the DLQ</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Orderly suspend time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Route refresh interval</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Heartbeat interval</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Offset commit interval</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Retry delay after a pull error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Periodic rebalance interval</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Minimum time between rebalances</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Silent connection expiry</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expiry scan interval</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Notify consumers of membership changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Long polling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Long-poll hold time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Long-poll scan interval</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Queue lock lifetime</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Rblab::SettingsPanel</name>
    <message>
        <source>Client (DefaultMQPushConsumer, ClientConfig): applies to the group now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Broker and profile: apply by restarting the run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Client behaviour profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>5.x: RocketMQ 5.2 and later; 4.9: the 4.9 client where they differ</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Apply to group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send the changed client settings to every consumer of the group (setClient)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Apply and restart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restart the run with these broker settings and profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)
Default: %3
Allowed: %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>on</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2) must be %3, got &quot;%4&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No client setting was changed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Sent %n client setting(s) to %1.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Rblab::SimulationWorker</name>
    <message>
        <source>No simulation is running.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Rblab::StrategyMetadata</name>
    <message>
        <source>invalid metadata: the &quot;Strategy&quot; object is missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid metadata: &quot;Strategy&quot; must be an object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid metadata: &quot;Strategy.Name&quot; is missing or not a string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid metadata: &quot;Strategy.Name&quot; must be 1 to 64 letters, digits, &apos;_&apos;, &apos;-&apos; or &apos;.&apos;, got &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid metadata: &quot;Strategy.Version&quot; is missing or not a string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid metadata: &quot;Strategy.ApiVersion&quot; must be &quot;major.minor&quot;, such as &quot;1.0&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid metadata: &quot;Strategy.Description&quot; must be a string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid metadata: &quot;Strategy.ForwardsParameters&quot; must be true or false</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid metadata: &quot;Strategy.Parameters&quot; must be an array</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid metadata: &quot;%1&quot; must be an object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid metadata: &quot;%1.name&quot; is missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid metadata: parameter &quot;%1&quot; is declared twice</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid metadata: &quot;%1.type&quot; must be one of int, double, bool, string, stringList, queueList, strategy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid metadata: &quot;%1.%2&quot; must be a number</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid metadata: &quot;%1&quot; has min &gt; max</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid metadata: &quot;%1.choices&quot; must be an array of strings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>invalid metadata: the default of &quot;%1&quot; is not valid: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Rblab::StrategyPanel</name>
    <message>
        <source>Group:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The consumer group the strategy is deployed to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every strategy the loaded plugins provide</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Apply to group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Switch every consumer of the group to this strategy now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Apply to selected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rolling deploy: switch only the selected consumer; the others keep their strategy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No run yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Now running: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No strategy plugin is loaded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RocketMQ: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parameters are valid.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a consumer first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No group to apply to.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Rblab::StrategyRegistry</name>
    <message>
        <source>strategy %1 threw an exception: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>duplicate strategy name &quot;%1&quot;: already provided by %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the root object does not implement %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no such plugin folder or file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a plugin: the library has no Qt plugin metadata</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>could not load: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown strategy &quot;%1&quot; (loaded: %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: unknown strategy &quot;%2&quot; (loaded: %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>strategies nest more than %1 deep (a strategy that wraps itself?)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the plugin for %1 made no strategy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>strategy %1 answered for %2 consumers, asked for %3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Rblab::World</name>
    <message>
        <source>group %1 subscribes to unknown topic %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>groups[%1].consumers[%2] (%3): %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>events[%1]: unknown group %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>events[%1] (%2): %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown topic &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a produce rate must be ≥ 0</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown broker &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a queue count must be from 0 to 1024</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>broker %1 is already down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>broker %1 is already up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown group &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no consumer &quot;%1&quot; in group %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown client setting &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 must be %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>consumer &quot;%1&quot; already exists</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a consumer needs a client id</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown consumer &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>consumer %1 is not running (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a failure rate must be from 0 to 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unsupported action</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
