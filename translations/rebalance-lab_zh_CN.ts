<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>ConfigStrategyFactory</name>
    <message>
        <source>queues must be a list of queues, got a value of type %1</source>
        <translation>queues 必须是队列列表，实际为 %1 类型的值</translation>
    </message>
</context>
<context>
    <name>ConsistentHashStrategyFactory</name>
    <message>
        <source>virtualNodeCount must be an integer ≥ 0, got %1</source>
        <translation>virtualNodeCount 必须是 ≥ 0 的整数，实际为 %1</translation>
    </message>
</context>
<context>
    <name>JsContext</name>
    <message>
        <source>%1: has no function allocate</source>
        <translation>%1：没有 allocate 函数</translation>
    </message>
    <message>
        <source>not run: its last %1 calls ran longer than the time limit of %2 ms; it runs again when the file is loaded again (%3)</source>
        <translation>未运行：最近 %1 次调用都超过了 %2 毫秒的时间上限；重新加载该文件后才会再次运行（%3）</translation>
    </message>
    <message>
        <source>interrupted: the call ran longer than the time limit of %1 ms (%2)</source>
        <translation>已中断：调用超过了 %1 毫秒的时间上限（%2）</translation>
    </message>
    <message>
        <source>bad answer: allocate must return an array of queues, it returned %1 (%2)</source>
        <translation>错误的返回值：allocate 必须返回队列数组，实际返回了 %1（%2）</translation>
    </message>
    <message>
        <source>bad answer: element %1 is not a queue {topic, brokerName, queueId} (%2)</source>
        <translation>错误的返回值：第 %1 个元素不是队列 {topic, brokerName, queueId}（%2）</translation>
    </message>
    <message>
        <source>strategy %1 threw an exception: %2</source>
        <translation>策略 %1 抛出异常：%2</translation>
    </message>
    <message>
        <source>bad answer: allocateAll must return one array of queues per consumer (%1)</source>
        <translation>错误的返回值：allocateAll 必须为每个消费者返回一个队列数组（%1）</translation>
    </message>
    <message>
        <source>bad answer: allocateAll returned %1 lists for %2 consumers (%3)</source>
        <translation>错误的返回值：allocateAll 为 %2 个消费者返回了 %1 个列表（%3）</translation>
    </message>
    <message>
        <source>bad answer: %1 queues, more than the %2 given (%3)</source>
        <translation>错误的返回值：%1 个队列，多于给定的 %2 个（%3）</translation>
    </message>
</context>
<context>
    <name>JsProgram</name>
    <message>
        <source>threw %1</source>
        <translation>抛出了 %1</translation>
    </message>
    <message>
        <source>%1: the file&apos;s top level ran longer than the time limit (%2 ms)</source>
        <translation>%1：文件顶层代码的运行时间超过了时间上限（%2 毫秒）</translation>
    </message>
    <message>
        <source>%1: cannot read: %2</source>
        <translation>%1：无法读取：%2</translation>
    </message>
    <message>
        <source>%1: %2 bytes, more than the 1 MiB a strategy file may have</source>
        <translation>%1：%2 字节，超过了策略文件允许的 1 MiB</translation>
    </message>
    <message>
        <source>%1: declares no strategy object (var strategy = { Name: …, Version: …, ApiVersion: &quot;1.1&quot;, Description: …, Parameters: [] })</source>
        <translation>%1：没有声明 strategy 对象（var strategy = { Name: …, Version: …, ApiVersion: &quot;1.1&quot;, Description: …, Parameters: [] }）</translation>
    </message>
    <message>
        <source>%1: the strategy object cannot be written as JSON</source>
        <translation>%1：strategy 对象无法写成 JSON</translation>
    </message>
    <message>
        <source>%1: has no function allocate(consumerGroup, currentCid, mqAll, cidAll, params)</source>
        <translation>%1：没有函数 allocate(consumerGroup, currentCid, mqAll, cidAll, params)</translation>
    </message>
</context>
<context>
    <name>MachineRoomNearbyStrategyFactory</name>
    <message>
        <source>separator must not be empty</source>
        <translation>separator 不能为空</translation>
    </message>
    <message>
        <source>%1 made no strategy</source>
        <translation>%1 没有创建出策略</translation>
    </message>
</context>
<context>
    <name>MachineRoomStrategyFactory</name>
    <message>
        <source>consumerIdcs must be a list of strings, got a value of type %1</source>
        <translation>consumerIdcs 必须是字符串列表，实际为 %1 类型的值</translation>
    </message>
</context>
<context>
    <name>ObservedWorld</name>
    <message>
        <source>No log file was chosen.</source>
        <translation>没有选择日志文件。</translation>
    </message>
    <message>
        <source>The import was cancelled.</source>
        <translation>导入已取消。</translation>
    </message>
    <message>
        <source>No rebalance, start or shutdown line of a consumer in the files (%1 lines read): nothing to show.</source>
        <translation>这些文件中没有消费者的重平衡、启动或关闭日志行（已读 %1 行）：没有可显示的内容。</translation>
    </message>
    <message>
        <source>1 log file, %1 consumers of %2</source>
        <translation>1 个日志文件，%2 的 %1 个消费者</translation>
    </message>
    <message>
        <source>%1 log files, %2 consumers of %3</source>
        <translation>%1 个日志文件，%3 的 %2 个消费者</translation>
    </message>
    <message>
        <source>empty file, left out</source>
        <translation>空文件，已略过</translation>
    </message>
    <message>
        <source>a folder too deep for the system to open (PATH_MAX); the logs below it are left out</source>
        <translation>文件夹路径过长，系统无法打开（超过 PATH_MAX）；其下的日志已略过</translation>
    </message>
</context>
<context>
    <name>Rblab::AllocationCaseRunner</name>
    <message>
        <source>missing required field &quot;%1&quot; (a string)</source>
        <translation>缺少必填字段 &quot;%1&quot;（字符串）</translation>
    </message>
    <message>
        <source>field &quot;%1&quot; must be a string, got %2</source>
        <translation>字段 &quot;%1&quot; 必须是字符串，实际为 %2</translation>
    </message>
    <message>
        <source>field &quot;params&quot; must be an object, got %1</source>
        <translation>字段 &quot;params&quot; 必须是对象，实际为 %1</translation>
    </message>
    <message>
        <source>missing required field &quot;queues&quot; (an array of {&quot;brokerName&quot;, &quot;queueId&quot;})</source>
        <translation>缺少必填字段 &quot;queues&quot;（由 {&quot;brokerName&quot;, &quot;queueId&quot;} 组成的数组）</translation>
    </message>
    <message>
        <source>field &quot;queues&quot; must be an array, got %1</source>
        <translation>字段 &quot;queues&quot; 必须是数组，实际为 %1</translation>
    </message>
    <message>
        <source>queues[%1] must be an object, got %2</source>
        <translation>queues[%1] 必须是对象，实际为 %2</translation>
    </message>
    <message>
        <source>queues[%1] lacks &quot;brokerName&quot;</source>
        <translation>queues[%1] 缺少 &quot;brokerName&quot;</translation>
    </message>
    <message>
        <source>queues[%1].brokerName must be a string, got %2</source>
        <translation>queues[%1].brokerName 必须是字符串，实际为 %2</translation>
    </message>
    <message>
        <source>queues[%1] lacks &quot;queueId&quot;</source>
        <translation>queues[%1] 缺少 &quot;queueId&quot;</translation>
    </message>
    <message>
        <source>queues[%1].queueId must be an integer, got %2</source>
        <translation>queues[%1].queueId 必须是整数，实际为 %2</translation>
    </message>
    <message>
        <source>missing required field &quot;consumers&quot; (an array of client ids)</source>
        <translation>缺少必填字段 &quot;consumers&quot;（客户端 ID 数组）</translation>
    </message>
    <message>
        <source>field &quot;consumers&quot; must be an array, got %1</source>
        <translation>字段 &quot;consumers&quot; 必须是数组，实际为 %1</translation>
    </message>
    <message>
        <source>consumers[%1] must be a string, got %2</source>
        <translation>consumers[%1] 必须是字符串，实际为 %2</translation>
    </message>
    <message>
        <source>topic must not be empty</source>
        <translation>topic 不能为空</translation>
    </message>
    <message>
        <source>queues[%1].brokerName must not be empty</source>
        <translation>queues[%1].brokerName 不能为空</translation>
    </message>
    <message>
        <source>queues[%1].queueId must be an integer ≥ 0, got %2</source>
        <translation>queues[%1].queueId 必须是 ≥ 0 的整数，实际为 %2</translation>
    </message>
    <message>
        <source>queues[%1] repeats %2 (queues must not repeat)</source>
        <translation>queues[%1] 与 %2 重复（队列不能重复）</translation>
    </message>
    <message>
        <source>consumers[%1] must not be empty</source>
        <translation>consumers[%1] 不能为空</translation>
    </message>
    <message>
        <source>params.%1: %2</source>
        <translation>params.%1：%2</translation>
    </message>
    <message>
        <source>a case must be a JSON object, got %1</source>
        <translation>每个用例必须是 JSON 对象，实际为 %1</translation>
    </message>
    <message>
        <source>%1 is %2 characters long; the ceiling is %3</source>
        <translation>%1 长 %2 个字符；上限为 %3</translation>
    </message>
    <message>
        <source>queues has %1 entries; the ceiling is %2</source>
        <translation>queues 有 %1 项；上限为 %2</translation>
    </message>
    <message>
        <source>queues[%1].queueId must be an integer from 0 to 2147483647, got %2</source>
        <translation>queues[%1].queueId 必须是 0 到 2147483647 之间的整数，实际为 %2</translation>
    </message>
    <message>
        <source>queues[%1].brokerName</source>
        <translation>queues[%1].brokerName</translation>
    </message>
    <message>
        <source>consumers has %1 entries; the ceiling is %2</source>
        <translation>consumers 有 %1 项；上限为 %2</translation>
    </message>
    <message>
        <source>consumers[%1]</source>
        <translation>consumers[%1]</translation>
    </message>
    <message>
        <source>consumers × virtualNodeCount is %1 × %2 = %3 ring nodes; the ceiling is %4</source>
        <translation>consumers × virtualNodeCount 为 %1 × %2 = %3 个哈希环节点；上限为 %4</translation>
    </message>
    <message>
        <source>the answer would list %1 queues over %2 consumers; the ceiling is %3</source>
        <translation>结果将在 %2 个消费者中列出共 %1 个队列；上限为 %3</translation>
    </message>
    <message>
        <source>the line is %1 bytes long; the ceiling is %2</source>
        <translation>该行长 %1 字节；上限为 %2</translation>
    </message>
    <message>
        <source>at character %1%2: %3</source>
        <translation>第 %1 个字符处%2：%3</translation>
    </message>
    <message>
        <source>not valid JSON %1</source>
        <translation>不是合法的 JSON：%1</translation>
    </message>
</context>
<context>
    <name>Rblab::AppOptions</name>
    <message>
        <source>Rebalance Lab: watch how Apache RocketMQ consumer groups share a topic&apos;s queues.</source>
        <translation>Rebalance Lab（重平衡实验室）：观察 Apache RocketMQ 消费者组如何分摊一个 Topic 的队列。</translation>
    </message>
    <message>
        <source>Interface language: en or zh_CN (default: the system&apos;s).</source>
        <translation>界面语言：en 或 zh_CN（默认跟随系统）。</translation>
    </message>
    <message>
        <source>Playback speed, from 0.1 to 1000 (default 1).</source>
        <translation>播放速度，0.1 到 1000（默认 1）。</translation>
    </message>
    <message>
        <source>Run every group with this strategy instead of the scenario&apos;s.</source>
        <translation>所有消费者组都改用此分配策略，而不是场景中指定的策略。</translation>
    </message>
    <message>
        <source>Also load strategy plugins from DIR (repeatable).</source>
        <translation>同时从 DIR 加载策略插件（可重复指定）。</translation>
    </message>
    <message>
        <source>Run to --at as fast as possible, save the window as FILE (PNG), exit.</source>
        <translation>尽快运行到 --at 指定的时间，把窗口保存为 FILE（PNG），然后退出。</translation>
    </message>
    <message>
        <source>Virtual time of the screenshot: &quot;90s&quot;, &quot;2m&quot; or ms.</source>
        <translation>截图时刻的虚拟时间：&quot;90s&quot;、&quot;2m&quot; 或毫秒数。</translation>
    </message>
    <message>
        <source>Window size of the screenshot (default 1600x1000).</source>
        <translation>截图的窗口尺寸（默认 1600x1000）。</translation>
    </message>
    <message>
        <source>Open paused instead of playing.</source>
        <translation>打开后先暂停，不自动播放。</translation>
    </message>
    <message>
        <source>A scenario file to open (default: the bundled training world).</source>
        <translation>要打开的场景文件（默认：内置的训练场景）。</translation>
    </message>
    <message>
        <source>Only one scenario can be opened; got %1.</source>
        <translation>一次只能打开一个场景，收到的是 %1。</translation>
    </message>
    <message>
        <source>--speed must be a number from 0.1 to 1000, got &quot;%1&quot;.</source>
        <translation>--speed 必须是 0.1 到 1000 之间的数，实际为 &quot;%1&quot;。</translation>
    </message>
    <message>
        <source>--screenshot needs --at TIME.</source>
        <translation>--screenshot 需要同时指定 --at 时间。</translation>
    </message>
    <message>
        <source>--size must be WIDTHxHEIGHT from 320x240 to 8192x8192, got &quot;%1&quot;.</source>
        <translation>--size 必须是 宽x高，范围 320x240 到 8192x8192，实际为 &quot;%1&quot;。</translation>
    </message>
    <message>
        <source>Restore the session a crash left behind without asking (instead of SCENARIO).</source>
        <translation>不经询问，直接恢复上次崩溃遗留的会话（代替 SCENARIO）。</translation>
    </message>
    <message>
        <source>Do not offer to restore a session a crash left behind; keep it for later.</source>
        <translation>不提示恢复上次崩溃遗留的会话，将其保留到以后再处理。</translation>
    </message>
    <message>
        <source>Autosave the session in DIR (default: $RBLAB_AUTOSAVE_DIR, else the app&apos;s data folder).</source>
        <translation>将会话自动保存到 DIR（默认：$RBLAB_AUTOSAVE_DIR，未设置时为应用的数据目录）。</translation>
    </message>
    <message>
        <source>--restore-session and --no-restore contradict each other.</source>
        <translation>--restore-session 与 --no-restore 互相矛盾，不能同时使用。</translation>
    </message>
    <message>
        <source>--restore-session opens the session a crash left behind: it takes no SCENARIO and no --screenshot.</source>
        <translation>--restore-session 用于打开崩溃遗留的会话，不能再指定 SCENARIO，也不能与 --screenshot 同用。</translation>
    </message>
    <message>
        <source>Open compare mode with this variant, NAME[:k=v,…][;clientSetting=value…], as rblab compare writes it (2 to 4 of them).</source>
        <translation>以此变体打开对比模式，写法同 rblab compare：NAME[:k=v,…][;客户端设置=值…]（2 到 4 个）。</translation>
    </message>
    <message>
        <source>Compare mode: the group the variants change (default: every group).</source>
        <translation>对比模式：变体所改变的消费者组（默认：所有组）。</translation>
    </message>
    <message>
        <source>--compare: give 2 to 4 variants, not %1</source>
        <translation>--compare：请给出 2 到 4 个变体，而不是 %1 个</translation>
    </message>
    <message>
        <source>Presenter zoom of the window&apos;s text, 100 to 200 (percent).</source>
        <translation>演示缩放：窗口文字的大小，100 到 200（百分比）。</translation>
    </message>
    <message>
        <source>Which strategy plugins run in a helper process that may crash without taking the app along: all, user (plugins outside the built-in folder) or none (default: the setting, else user).</source>
        <translation>哪些策略插件在辅助进程中运行，插件崩溃时不会连带应用退出：all（全部）、user（内置目录之外的插件）或 none（不隔离）（默认：取设置，否则为 user）。</translation>
    </message>
    <message>
        <source>How long one call into a JavaScript strategy may run before it is interrupted and the round skipped, 1 to 3600000 ms (default: the setting, else 1000).</source>
        <translation>一次 JavaScript 策略调用在被中断、跳过本轮之前最多可运行的时间，1 到 3600000 毫秒（默认：取设置值，否则为 1000）。</translation>
    </message>
    <message>
        <source>--zoom must be a whole number from 100 to 200, got &quot;%1&quot;.</source>
        <translation>--zoom 必须是 100 到 200 之间的整数，收到的是“%1”。</translation>
    </message>
    <message>
        <source>--js-timeout must be 1 to 3600000 milliseconds, got &quot;%1&quot;.</source>
        <translation>--js-timeout 必须是 1 到 3600000 毫秒，实际为“%1”。</translation>
    </message>
    <message>
        <source>--isolate-plugins must be all, user or none, got &quot;%1&quot;.</source>
        <translation>--isolate-plugins 必须是 all、user 或 none，实际为 &quot;%1&quot;。</translation>
    </message>
    <message>
        <source>--at must be a time such as &quot;90s&quot;, &quot;6m30s&quot;, &quot;1h2m&quot;, &quot;2:10&quot;, &quot;1:02:03&quot; or a number of ms, got &quot;%1&quot;.</source>
        <translation>--at 必须是时间，如 &quot;90s&quot;、&quot;6m30s&quot;、&quot;1h2m&quot;、&quot;2:10&quot;、&quot;1:02:03&quot; 或毫秒数，实际为 &quot;%1&quot;。</translation>
    </message>
    <message>
        <source>With --screenshot: select this consumer (name or client id), so that the Inspector shows it and explains its assignment.</source>
        <translation>与 --screenshot 一起使用：选中此消费者（名称或客户端 ID），让“详情”面板显示它并解释它分到的队列。</translation>
    </message>
    <message>
        <source>--select only goes with --screenshot</source>
        <translation>--select 只能与 --screenshot 一起使用</translation>
    </message>
    <message>
        <source>Show this RocketMQ client log (repeat for each file), or the client logs below this folder, as a read-only run.</source>
        <translation>以只读运行的方式展示这个 RocketMQ 客户端日志（每个文件重复一次此选项），或此文件夹下的所有客户端日志。</translation>
    </message>
    <message>
        <source>no display to open the window on: DISPLAY and WAYLAND_DISPLAY are not set.
Start it in a desktop session (or under xvfb-run). Without a display, --screenshot FILE draws the window into a PNG, and rblab runs the same engine and plugins.</source>
        <translation>没有可以打开窗口的显示器：DISPLAY 和 WAYLAND_DISPLAY 都未设置。
请在桌面会话中（或用 xvfb-run）启动。没有显示器时，--screenshot FILE 可把窗口画成 PNG，rblab 则运行同样的引擎和插件。</translation>
    </message>
    <message>
        <source>Open this real run (a folder rblab real-run wrote) beside the engine, as File › Open a real run… does; with --screenshot, shoot that window (at --at, else at the run&apos;s end).</source>
        <translation>在引擎旁打开这次真实运行（rblab real-run 写出的文件夹），与“文件 › 打开真实运行…”相同；配合 --screenshot 时截取该窗口（在 --at 时刻，否则在运行结束时）。</translation>
    </message>
    <message>
        <source>--open-real-run goes without --compare and --import-logs</source>
        <translation>--open-real-run 不能与 --compare 和 --import-logs 同用</translation>
    </message>
    <message>
        <source>Watch a live consumer group through this name server, read-only, as File › Connect to a cluster… does (with --group).</source>
        <translation>通过此 NameServer 只读地实时观察一个消费者组，与“文件 › 连接到集群…”相同（需配合 --group）。</translation>
    </message>
    <message>
        <source>With --connect and --screenshot: shoot once this many polls came back (default 3).</source>
        <translation>与 --connect 和 --screenshot 一起使用：收到这么多次轮询结果后截图（默认 3）。</translation>
    </message>
    <message>
        <source>With --connect and --screenshot: shoot Fork into the engine from now, the group as it runs beside this variant (as rblab compare&apos;s --variant; repeat for more).</source>
        <translation>与 --connect 和 --screenshot 一起使用：截取“从此刻分叉到引擎”，即该组按现状运行与此变体并排（写法同 rblab compare 的 --variant；可重复指定多个）。</translation>
    </message>
    <message>
        <source>--polls must be a whole number from 1 to 1000, got &quot;%1&quot;.</source>
        <translation>--polls 必须是 1 到 1000 之间的整数，实际为“%1”。</translation>
    </message>
    <message>
        <source>--connect needs --group and goes without --compare and --open-real-run</source>
        <translation>--connect 需要 --group，且不能与 --compare 和 --open-real-run 同用</translation>
    </message>
    <message>
        <source>--group only goes with --compare or --connect</source>
        <translation>--group 只能与 --compare 或 --connect 一起使用</translation>
    </message>
    <message>
        <source>Open a watch recorded by rblab watch --record, as File › Open a recording… does; with --screenshot, shoot it at --at (else its last poll), or with --fork the fork from that poll.</source>
        <translation>打开 rblab watch --record 录下的观察记录，与“文件 › 打开录制…”相同；配合 --screenshot 时在 --at 时刻截图（否则在最后一次轮询），配合 --fork 时截取从该轮询分叉的结果。</translation>
    </message>
    <message>
        <source>--open-recording goes without --connect, --compare, --open-real-run and --import-logs</source>
        <translation>--open-recording 不能与 --connect、--compare、--open-real-run 和 --import-logs 同用</translation>
    </message>
    <message>
        <source>--polls only goes with --connect</source>
        <translation>--polls 只能与 --connect 一起使用</translation>
    </message>
    <message>
        <source>--fork only goes with --connect or --open-recording</source>
        <translation>--fork 只能与 --connect 或 --open-recording 一起使用</translation>
    </message>
</context>
<context>
    <name>Rblab::AssignmentItems</name>
    <message>
        <source>broadcasting: every consumer takes every queue</source>
        <translation>广播模式：每个消费者都拿到全部队列</translation>
    </message>
    <message>
        <source>%1, orderly: queues locked on the broker</source>
        <translation>%1，顺序消费：队列在 Broker 上加锁</translation>
    </message>
    <message>
        <source>%1 ×%2</source>
        <translation>%1 ×%2</translation>
    </message>
    <message>
        <source>mixed: %1</source>
        <translation>混合：%1</translation>
    </message>
    <message>
        <source>%1 of %2 consumers running (%3 departed or not started, hidden)</source>
        <translation>%2 个消费者中 %1 个运行中（另有 %3 个已离开或未启动，已隐藏）</translation>
    </message>
    <message>
        <source>%1 of %2 consumers running</source>
        <translation>%2 个消费者中 %1 个运行中</translation>
    </message>
    <message>
        <source>%1 — %2 queues, %3, %4</source>
        <translation>%1 — %2 个队列，%3，%4</translation>
    </message>
</context>
<context>
    <name>Rblab::AssignmentToolTip</name>
    <message>
        <source>Group: %1</source>
        <translation>消费者组：%1</translation>
    </message>
    <message>
        <source>State: %1</source>
        <translation>状态：%1</translation>
    </message>
    <message>
        <source>Strategy: %1</source>
        <translation>分配策略：%1</translation>
    </message>
    <message>
        <source>Queues: %1, cached %2 messages (%3)</source>
        <translation>队列：%1 个，缓存 %2 条消息（%3）</translation>
    </message>
    <message>
        <source>Flow-control holds: count %1, size %2, span %3</source>
        <translation>流控次数：数量 %1，大小 %2，跨度 %3</translation>
    </message>
    <message>
        <source>Last rebalance: %1 (%2 rounds changed something)</source>
        <translation>最近一次重平衡：%1（共 %2 轮有变化）</translation>
    </message>
    <message>
        <source>No rebalance yet</source>
        <translation>尚未重平衡</translation>
    </message>
    <message>
        <source>Its own view of %1</source>
        <translation>它自己看到的 %1</translation>
    </message>
    <message>
        <source>not computed yet</source>
        <translation>尚未计算</translation>
    </message>
    <message>
        <source>computed at %1 with %2 from %3</source>
        <translation>于 %1 用 %2 计算，消费者列表来自 %3</translation>
    </message>
    <message>
        <source>no broker</source>
        <translation>无 Broker</translation>
    </message>
    <message>
        <source>%1 queues, %2 consumers:</source>
        <translation>%1 个队列，%2 个消费者：</translation>
    </message>
    <message>
        <source>… and %1 more</source>
        <translation>……另有 %1 个</translation>
    </message>
    <message>
        <source>%1 on %2, queue %3</source>
        <translation>%1 @ %2，队列 %3</translation>
    </message>
    <message>
        <source>Retry topic: redelivered messages</source>
        <translation>重试 Topic：重新投递的消息</translation>
    </message>
    <message>
        <source>Broker offset %1, committed %2, lag %3</source>
        <translation>Broker 最大位点 %1，已提交 %2，堆积 %3</translation>
    </message>
    <message>
        <source>Broker down</source>
        <translation>Broker 已宕机</translation>
    </message>
    <message>
        <source>No consumer holds it</source>
        <translation>没有消费者持有该队列</translation>
    </message>
    <message>
        <source>Held by &lt;b&gt;%1&lt;/b&gt; (%2)</source>
        <translation>由 &lt;b&gt;%1&lt;/b&gt; 持有（%2）</translation>
    </message>
    <message>
        <source>Cache: %1 of %2 messages, %3 of %4 MiB, span %5 of %6</source>
        <translation>缓存：%1 / %2 条消息，%3 / %4 MiB，跨度 %5 / %6</translation>
    </message>
    <message>
        <source>Next pull offset %1, consumed up to %2</source>
        <translation>下次拉取位点 %1，已消费到 %2</translation>
    </message>
    <message>
        <source>Pulls held back: %1</source>
        <translation>拉取被流控：%1</translation>
    </message>
    <message>
        <source>Holds the broker lock (orderly)</source>
        <translation>持有 Broker 上的队列锁（顺序消费）</translation>
    </message>
    <message>
        <source>Dropped, waiting to be removed</source>
        <translation>已丢弃，等待移除</translation>
    </message>
    <message>
        <source>Consume time: %1</source>
        <translation>消费耗时：%1</translation>
    </message>
    <message>
        <source>Client instance: %1</source>
        <translation>客户端实例：%1</translation>
    </message>
    <message>
        <source>Client instance: %1, shared with %2</source>
        <translation>客户端实例：%1，与 %2 共用</translation>
    </message>
    <message>
        <source>POP: %1 in flight, %2 invisible on the brokers, %3 acked, %4 revived, %5 redelivered</source>
        <translation>POP：在途 %1 条，Broker 上不可见 %2 条，已确认 %3 条，已复活 %4 条，重新投递 %5 条</translation>
    </message>
    <message>
        <source>Queues: %1, cached %2</source>
        <translation>队列：%1 个，缓存 %2</translation>
    </message>
    <message>
        <source>Offsets, lag and cache: %1</source>
        <translation>位点、堆积和缓存：%1</translation>
    </message>
    <message>
        <source>Flow control logged: %1</source>
        <translation>日志记录了流控：%1</translation>
    </message>
</context>
<context>
    <name>Rblab::AssignmentView</name>
    <message>
        <source>double-owned</source>
        <translation>重复持有</translation>
    </message>
    <message>
        <source>retry queue</source>
        <translation>重试队列</translation>
    </message>
    <message>
        <source>flow control: count</source>
        <translation>流控：数量</translation>
    </message>
    <message>
        <source>flow control: size</source>
        <translation>流控：大小</translation>
    </message>
    <message>
        <source>flow control: span</source>
        <translation>流控：跨度</translation>
    </message>
    <message>
        <source>%1 msg · %2</source>
        <translation>%1 条 · %2</translation>
    </message>
    <message>
        <source>Each card is a consumer of the group, each tile a queue coloured by its broker. Tiles travel when a rebalance moves them. Right-click a card for churn actions.</source>
        <translation>每张卡片是组内的一个消费者，每个方块是一个队列，颜色表示所在的 Broker。重平衡迁移队列时，方块会移动到新的消费者。右键单击卡片可对消费者施加扰动操作。</translation>
    </message>
    <message>
        <source>No scenario loaded</source>
        <translation>未加载场景</translation>
    </message>
    <message>
        <source>Rebalance Lab — queue assignment</source>
        <translation>Rebalance Lab — 队列分配</translation>
    </message>
    <message>
        <source>Queues by consumer at %1</source>
        <translation>%1 时各消费者持有的队列</translation>
    </message>
    <message>
        <source>Cannot write %1</source>
        <translation>无法写入 %1</translation>
    </message>
    <message>
        <source>1 queue</source>
        <translation>1 个队列</translation>
    </message>
    <message>
        <source>%1 queues</source>
        <translation>%1 个队列</translation>
    </message>
    <message>
        <source>Unassigned %1</source>
        <translation>未分配 %1</translation>
    </message>
    <message>
        <source>locked (orderly)</source>
        <translation>已加锁（顺序消费）</translation>
    </message>
    <message>
        <source>+%1 retry</source>
        <translation>+%1 个重试队列</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>%1 in flight · %2 invisible</source>
        <extracomment>A POP consumer&apos;s card: messages popped and not acked, and its un-acked checkpoints on the brokers (a killed consumer&apos;s stay until their invisible time is over).</extracomment>
        <translation>在途 %1 · 不可见 %2</translation>
    </message>
    <message>
        <source>silent</source>
        <extracomment>The large word on the empty card of a client whose logs stop (not &quot;killed&quot;: the logs show only that it fell silent).</extracomment>
        <translation>静默</translation>
    </message>
</context>
<context>
    <name>Rblab::CardSchedule</name>
    <message>
        <source>next rebalance in %1 s</source>
        <translation>%1 秒后重平衡</translation>
    </message>
    <message>
        <source>rebalancing now</source>
        <translation>正在重平衡</translation>
    </message>
    <message>
        <source>sees %1 consumers · %2 queues</source>
        <translation>看到 %1 个消费者 · %2 个队列</translation>
    </message>
    <message>
        <source>⟳ %1 s</source>
        <translation>⟳ %1 秒</translation>
    </message>
    <message>
        <source>⟳ now</source>
        <translation>⟳ 现在</translation>
    </message>
    <message>
        <source>%1 consumers · %2 queues</source>
        <translation>%1 个消费者 · %2 个队列</translation>
    </message>
    <message>
        <source>%1 c · %2 q</source>
        <extracomment>A card&apos;s own view at its narrowest: consumers and queues it computed with.</extracomment>
        <translation>%1 消费者 · %2 队列</translation>
    </message>
    <message>
        <source>%1 consumers</source>
        <translation>%1 消费者</translation>
    </message>
</context>
<context>
    <name>Rblab::ChartPanel</name>
    <message>
        <source>Cache per consumer (messages, largest queue)</source>
        <translation>各消费者缓存（消息数，取最大的队列）</translation>
    </message>
    <message>
        <source>Cache per consumer (MiB, largest queue)</source>
        <translation>各消费者缓存（MiB，取最大的队列）</translation>
    </message>
    <message>
        <source>Lag per consumer (messages)</source>
        <translation>各消费者堆积（消息数）</translation>
    </message>
    <message>
        <source>Flow-control holds per second</source>
        <translation>每秒流控次数</translation>
    </message>
    <message>
        <source>Ownership health (queues)</source>
        <translation>队列归属健康度（队列数）</translation>
    </message>
    <message>
        <source>Cache</source>
        <translation>缓存</translation>
    </message>
    <message>
        <source>Cache MiB</source>
        <translation>缓存 MiB</translation>
    </message>
    <message>
        <source>Lag</source>
        <translation>堆积</translation>
    </message>
    <message>
        <source>Flow control</source>
        <translation>流控</translation>
    </message>
    <message>
        <source>Ownership</source>
        <translation>归属</translation>
    </message>
    <message>
        <source>rebalance</source>
        <translation>重平衡</translation>
    </message>
    <message>
        <source>Wheel: zoom the time axis. Drag (paused): pan. Double-click: follow the clock. Click a legend entry to hide its line.</source>
        <translation>滚轮：缩放时间轴。拖动（暂停时）：平移。双击：重新跟随时钟。单击图例可隐藏对应曲线。</translation>
    </message>
    <message>
        <source>highest</source>
        <translation>最大值</translation>
    </message>
    <message>
        <source>mean</source>
        <translation>平均值</translation>
    </message>
    <message>
        <source>count</source>
        <translation>数量</translation>
    </message>
    <message>
        <source>size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>span</source>
        <translation>跨度</translation>
    </message>
    <message>
        <source>unassigned</source>
        <translation>未分配</translation>
    </message>
    <message>
        <source>double-owned</source>
        <translation>重复持有</translation>
    </message>
    <message>
        <source>%1 MiB</source>
        <translation>%1 MiB</translation>
    </message>
    <message>
        <source>time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>broker: SYSTEM_BUSY</source>
        <translation>Broker：SYSTEM_BUSY</translation>
    </message>
    <message>
        <source>broker: FLOW_CONTROL</source>
        <translation>Broker：FLOW_CONTROL</translation>
    </message>
    <message>
        <source>POP messages (dashed: per second)</source>
        <translation>POP 消息（虚线：每秒）</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <extracomment>A chart&apos;s title for the group in view: %1 the consumer group&apos;s name, %2 the chart.</extracomment>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>POP</source>
        <translation>POP</translation>
    </message>
    <message>
        <source>in flight</source>
        <translation>在途</translation>
    </message>
    <message>
        <source>invisible</source>
        <translation>不可见</translation>
    </message>
    <message>
        <source>acked/s</source>
        <translation>已确认/秒</translation>
    </message>
    <message>
        <source>revived/s</source>
        <translation>已复活/秒</translation>
    </message>
    <message>
        <source>redelivered/s</source>
        <translation>重新投递/秒</translation>
    </message>
    <message>
        <source>Cache and lag per consumer are not drawn: client logs do not record cache sizes (messages or bytes), offsets or lag. The flow control and ownership charts show what the logs do record.</source>
        <translation>不绘制每个消费者的缓存和堆积图：客户端日志不记录缓存大小（消息数或字节数）、位点或堆积。流控和归属图展示日志确实记录的内容。</translation>
    </message>
</context>
<context>
    <name>Rblab::ChurnPanel</name>
    <message>
        <source>Random churn</source>
        <translation>随机扰动</translation>
    </message>
    <message>
        <source>On</source>
        <translation>开启</translation>
    </message>
    <message>
        <source>Consumers join, shut down, crash, freeze… at random, as in production</source>
        <translation>消费者会随机加入、关闭、崩溃、冻结……就像生产环境一样</translation>
    </message>
    <message>
        <source>Mean interval</source>
        <translation>平均间隔</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>Average time between two random changes (exponentially distributed)</source>
        <translation>两次随机变化之间的平均时间（指数分布）</translation>
    </message>
    <message>
        <source>Live consumers</source>
        <translation>存活消费者数</translation>
    </message>
    <message>
        <source>Churn never takes the group below this many live consumers</source>
        <translation>扰动不会让组内存活消费者少于此数</translation>
    </message>
    <message>
        <source>Churn never takes the group above this many live consumers</source>
        <translation>扰动不会让组内存活消费者多于此数</translation>
    </message>
    <message>
        <source>Actions and weights: %1</source>
        <translation>操作及权重：%1</translation>
    </message>
    <message>
        <source>Production</source>
        <translation>生产</translation>
    </message>
    <message>
        <source>The topic whose produce rate to change</source>
        <translation>要修改生产速率的 Topic</translation>
    </message>
    <message>
        <source> msg/s</source>
        <translation> 条/秒</translation>
    </message>
    <message>
        <source>Messages per second produced to the whole topic</source>
        <translation>整个 Topic 每秒生产的消息数</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>应用</translation>
    </message>
    <message>
        <source>Change the produce rate now (setProduceRate)</source>
        <translation>立即修改生产速率（setProduceRate）</translation>
    </message>
    <message>
        <source>Consumers</source>
        <translation>消费者</translation>
    </message>
    <message>
        <source>Each change is recorded at the current time (setChurn): a saved session replays it.</source>
        <translation>每次修改都会按当前时间记录下来（setChurn），保存后的会话会重放这些修改。</translation>
    </message>
</context>
<context>
    <name>Rblab::ClipDialog</name>
    <message>
        <source>Export a clip</source>
        <translation>导出片段</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>PNG sequence (a folder)</source>
        <translation>PNG 序列（一个文件夹）</translation>
    </message>
    <message>
        <source>Animated GIF</source>
        <translation>GIF 动画</translation>
    </message>
    <message>
        <source>WebM video</source>
        <translation>WebM 视频</translation>
    </message>
    <message>
        <source>needs ffmpeg (apt install ffmpeg)</source>
        <translation>需要 ffmpeg（apt install ffmpeg）</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>From</source>
        <translation>起点</translation>
    </message>
    <message>
        <source>To</source>
        <translation>终点</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>格式</translation>
    </message>
    <message>
        <source>Frames per second</source>
        <translation>每秒帧数</translation>
    </message>
    <message>
        <source>Speed (virtual time per clip time)</source>
        <translation>速度（虚拟时间 / 片段时间）</translation>
    </message>
    <message>
        <source>Size (pixels)</source>
        <translation>尺寸（像素）</translation>
    </message>
    <message>
        <source>Save to</source>
        <translation>保存到</translation>
    </message>
    <message>
        <source>New folder for the frames</source>
        <translation>存放帧图片的新文件夹</translation>
    </message>
    <message>
        <source>Save the clip</source>
        <translation>保存片段</translation>
    </message>
    <message>
        <source>GIF images (*.gif)</source>
        <translation>GIF 图片 (*.gif)</translation>
    </message>
    <message>
        <source>WebM videos (*.webm)</source>
        <translation>WebM 视频 (*.webm)</translation>
    </message>
</context>
<context>
    <name>Rblab::ClipExporter</name>
    <message>
        <source>nothing to export: the range, frame rate, speed or size is empty</source>
        <translation>没有可导出的内容：时间范围、帧率、速度或尺寸为空</translation>
    </message>
    <message>
        <source>%1 exists already; choose a new name</source>
        <translation>%1 已存在；请换一个名字</translation>
    </message>
    <message>
        <source>ffmpeg is not installed: export a PNG sequence instead</source>
        <translation>未安装 ffmpeg：请改为导出 PNG 序列</translation>
    </message>
    <message>
        <source>cannot write in %1: %2</source>
        <translation>无法在 %1 中写入：%2</translation>
    </message>
    <message>
        <source>ffmpeg did not start: %1</source>
        <translation>ffmpeg 未能启动：%1</translation>
    </message>
    <message>
        <source>the run stopped: %1</source>
        <translation>运行中止：%1</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>ffmpeg stopped: %1</source>
        <translation>ffmpeg 已停止：%1</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>ffmpeg failed: %1</source>
        <translation>ffmpeg 出错：%1</translation>
    </message>
    <message>
        <source>cannot rename the clip to %1</source>
        <translation>无法把片段重命名为 %1</translation>
    </message>
    <message>
        <source>cannot rename the frames&apos; folder to %1</source>
        <translation>无法把帧文件夹重命名为 %1</translation>
    </message>
</context>
<context>
    <name>Rblab::CompareCharts</name>
    <message>
        <source>Lag (messages)</source>
        <translation>堆积（消息数）</translation>
    </message>
    <message>
        <source>Cached messages</source>
        <translation>缓存消息数</translation>
    </message>
    <message>
        <source>Double-owned + unowned queues</source>
        <translation>重复持有 + 无人持有的队列</translation>
    </message>
    <message>
        <source>time</source>
        <translation>时间</translation>
    </message>
</context>
<context>
    <name>Rblab::CompareDialog</name>
    <message>
        <source>Compare from here</source>
        <translation>从此刻开始对比</translation>
    </message>
    <message>
        <source>Each pane replays this world (its seed and the commands given so far) to %1, then the group runs the strategy of its pane from there on. The first pane keeps the world as it runs.</source>
        <translation>每个窗格都把这个世界（它的种子和到目前为止下达的命令）重放到 %1，此后该组改用本窗格的策略。第一个窗格保持世界原样运行。</translation>
    </message>
    <message>
        <source>Group</source>
        <translation>消费者组</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>Variant %1</source>
        <translation>变体 %1</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>对比</translation>
    </message>
    <message>
        <source>As it runs</source>
        <translation>原样运行</translation>
    </message>
</context>
<context>
    <name>Rblab::CompareSession</name>
    <message>
        <source>Compare mode shows %1 to %2 variants, not %3.</source>
        <translation>对比模式显示 %1 到 %2 个变体，而不是 %3 个。</translation>
    </message>
    <message>
        <source>The scenario has no group &quot;%1&quot;.</source>
        <translation>场景中没有消费者组“%1”。</translation>
    </message>
    <message>
        <source>Variant &quot;%1&quot;: %2</source>
        <translation>变体“%1”：%2</translation>
    </message>
    <message>
        <source>Observed</source>
        <translation>观测</translation>
    </message>
    <message>
        <source>Modelled</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>The replay scenario cannot run: %1</source>
        <translation>回放场景无法运行：%1</translation>
    </message>
    <message>
        <source>The run&apos;s scenario cannot run in the engine: %1</source>
        <translation>这次运行的场景无法在引擎中运行：%1</translation>
    </message>
    <message>
        <source>Real RocketMQ %1</source>
        <translation>真实 RocketMQ %1</translation>
    </message>
    <message>
        <source>Engine, profile %1</source>
        <translation>引擎，配置 %1</translation>
    </message>
</context>
<context>
    <name>Rblab::CompareWindow</name>
    <message>
        <source>as the world runs</source>
        <translation>世界原样运行</translation>
    </message>
    <message>
        <source>every group</source>
        <translation>所有消费者组</translation>
    </message>
    <message>
        <source>group %1</source>
        <translation>消费者组 %1</translation>
    </message>
    <message>
        <source>%1 from %2</source>
        <translation>%1，自 %2 起</translation>
    </message>
    <message>
        <source>%1 — in every pane</source>
        <translation>%1 — 作用于每个窗格</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>播放</translation>
    </message>
    <message>
        <source>The run did not reach %1 (the scenario lasts %2).</source>
        <translation>运行未到达 %1（场景时长为 %2）。</translation>
    </message>
    <message>
        <source>Compare — Rebalance Lab</source>
        <translation>对比 — Rebalance Lab</translation>
    </message>
    <message>
        <source>Compare: %1 — Rebalance Lab</source>
        <translation>对比：%1 — Rebalance Lab</translation>
    </message>
    <message>
        <source>Play or pause every pane (Space)</source>
        <translation>播放或暂停所有窗格（空格键）</translation>
    </message>
    <message>
        <source>Step 10 s</source>
        <translation>前进 10 秒</translation>
    </message>
    <message>
        <source>Advance every pane by 10 s of virtual time</source>
        <translation>所有窗格的虚拟时间前进 10 秒</translation>
    </message>
    <message>
        <source>Speed</source>
        <translation>速度</translation>
    </message>
    <message>
        <source>Figures for</source>
        <translation>指标所属组</translation>
    </message>
    <message>
        <source>Right-click a consumer: the command applies in every pane.</source>
        <translation>右键点击消费者：命令会作用于每个窗格。</translation>
    </message>
    <message>
        <source>from the client logs (read-only)</source>
        <translation>来自客户端日志（只读）</translation>
    </message>
    <message>
        <source>the engine replaying the same membership</source>
        <translation>引擎回放相同的成员变化</translation>
    </message>
    <message>
        <source>Observed against modelled: the same clock, origin at the logs&apos; first line.</source>
        <translation>观测对比模型：同一时钟，起点为日志的第一行。</translation>
    </message>
    <message>
        <source>what its clients logged (read-only)</source>
        <translation>其客户端日志所记录的（只读）</translation>
    </message>
    <message>
        <source>the engine playing the run&apos;s scenario</source>
        <translation>引擎演绎这次运行的场景</translation>
    </message>
    <message>
        <source>Real RocketMQ %1 beside the engine — Rebalance Lab</source>
        <translation>真实 RocketMQ %1 与引擎对照 — Rebalance Lab</translation>
    </message>
    <message>
        <source>Scorecard</source>
        <translation>评分卡</translation>
    </message>
    <message>
        <source>Real against the engine: one clock, 0:00 when the real run began.</source>
        <translation>真实与引擎对照：同一时钟，0:00 为真实运行开始之时。</translation>
    </message>
</context>
<context>
    <name>Rblab::ConnectDialog</name>
    <message>
        <source>Connect to a cluster</source>
        <translation>连接到集群</translation>
    </message>
    <message>
        <source>Watch a running consumer group, read-only: who holds which queue, how full each client&apos;s process queues are, how far behind each queue is. Nothing is sent that could change the cluster.</source>
        <translation>只读地观察一个正在运行的消费者组：哪个客户端持有哪个队列、各客户端的处理队列缓存了多少、每个队列落后多少。不会发送任何可能改变集群的请求。</translation>
    </message>
    <message>
        <source>&amp;List groups</source>
        <translation>列出消费者组(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Name server</source>
        <translation>NameServer(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Group</source>
        <translation>消费者组(&amp;G)</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>&amp;Poll every</source>
        <translation>轮询间隔(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Watch</source>
        <translation>开始观察(&amp;W)</translation>
    </message>
    <message>
        <source>Asking %1 for its brokers…</source>
        <translation>正在向 %1 查询 Broker…</translation>
    </message>
    <message>
        <source>The name server %1 does not answer: %2</source>
        <translation>NameServer %1 没有应答：%2</translation>
    </message>
    <message>
        <source>The name server %1 lists no broker.</source>
        <translation>NameServer %1 上没有任何 Broker。</translation>
    </message>
    <message>
        <source>The name server&apos;s answer could not be read: %1</source>
        <translation>无法读取 NameServer 的应答：%1</translation>
    </message>
    <message numerus="yes">
        <source>%n group(s) found.</source>
        <translation>
            <numerusform>找到 %n 个消费者组。</numerusform>
        </translation>
    </message>
    <message>
        <source>Not answered: %1</source>
        <translation>未应答：%1</translation>
    </message>
    <message>
        <source>Not a name server address (host:port): %1</source>
        <translation>不是 NameServer 地址（主机:端口）：%1</translation>
    </message>
</context>
<context>
    <name>Rblab::ConsumerActions</name>
    <message>
        <source>&amp;Add consumer</source>
        <translation>添加消费者(&amp;A)</translation>
    </message>
    <message>
        <source>Start a new consumer in the group (join)</source>
        <translation>在组内启动一个新消费者（加入）</translation>
    </message>
    <message>
        <source>&amp;Shut down</source>
        <translation>正常关闭(&amp;S)</translation>
    </message>
    <message>
        <source>Graceful shutdown: persist offsets, unregister, the broker notifies the others</source>
        <translation>优雅关闭：持久化消费位点、注销，Broker 通知其他消费者</translation>
    </message>
    <message>
        <source>&amp;Kill</source>
        <translation>杀死进程(&amp;K)</translation>
    </message>
    <message>
        <source>The process dies: the broker sees the connection close; unpersisted offsets are lost</source>
        <translation>进程被杀：Broker 发现连接断开；尚未持久化的消费位点丢失</translation>
    </message>
    <message>
        <source>&amp;Freeze</source>
        <translation>冻结(&amp;F)</translation>
    </message>
    <message>
        <source>The host hangs: no heartbeat, no pull; the broker only notices when the channel expires</source>
        <translation>主机卡死：不发心跳、不拉取；Broker 要等连接过期才会发现</translation>
    </message>
    <message>
        <source>&amp;Unfreeze</source>
        <translation>解冻(&amp;U)</translation>
    </message>
    <message>
        <source>The frozen host runs again</source>
        <translation>被冻结的主机恢复运行</translation>
    </message>
    <message>
        <source>&amp;Partition</source>
        <translation>网络隔离(&amp;P)</translation>
    </message>
    <message>
        <source>Cut the network between the consumer and every broker; it keeps running</source>
        <translation>切断该消费者与所有 Broker 之间的网络；进程仍在运行</translation>
    </message>
    <message>
        <source>&amp;Heal</source>
        <translation>恢复网络(&amp;H)</translation>
    </message>
    <message>
        <source>Restore the network of a partitioned consumer</source>
        <translation>恢复被隔离消费者的网络</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>暂停消费(&amp;P)</translation>
    </message>
    <message>
        <source>DefaultMQPushConsumer.suspend(): stop pulling, keep the queues</source>
        <translation>DefaultMQPushConsumer.suspend()：停止拉取，但保留队列</translation>
    </message>
    <message>
        <source>&amp;Resume</source>
        <translation>恢复消费(&amp;R)</translation>
    </message>
    <message>
        <source>DefaultMQPushConsumer.resume()</source>
        <translation>DefaultMQPushConsumer.resume()</translation>
    </message>
    <message>
        <source>S&amp;low down</source>
        <translation>变慢(&amp;L)</translation>
    </message>
    <message>
        <source>The listener takes ten times longer per message (cache fills, flow control)</source>
        <translation>监听器处理每条消息的耗时变为十倍（缓存堆满，触发流控）</translation>
    </message>
    <message>
        <source>Restore &amp;speed</source>
        <translation>恢复速度(&amp;S)</translation>
    </message>
    <message>
        <source>The listener takes its original time per message again</source>
        <translation>监听器恢复原来的单条消息耗时</translation>
    </message>
</context>
<context>
    <name>Rblab::Diagnostic</name>
    <message>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>警告</translation>
    </message>
</context>
<context>
    <name>Rblab::DocumentController</name>
    <message>
        <source>&amp;Examples</source>
        <translation>示例场景(&amp;E)</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <source>Open a scenario file</source>
        <translation>打开场景文件</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <source>Save the scenario with your commands, churn and settings</source>
        <translation>保存场景，包括你的操作、扰动和设置</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>Save the scenario to another file</source>
        <translation>把场景保存到另一个文件</translation>
    </message>
    <message>
        <source>Cannot open %1</source>
        <translation>无法打开 %1</translation>
    </message>
    <message numerus="yes">
        <source>Opened with %n warning(s): %1</source>
        <translation>
            <numerusform>已打开，有 %n 条警告：%1</numerusform>
        </translation>
    </message>
    <message>
        <source>Cannot save %1</source>
        <translation>无法保存 %1</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>Open a scenario</source>
        <translation>打开场景</translation>
    </message>
    <message>
        <source>Scenarios (*.json);;All files (*)</source>
        <translation>场景文件 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Save the scenario</source>
        <translation>保存场景</translation>
    </message>
    <message>
        <source>Scenarios (*.json)</source>
        <translation>场景文件 (*.json)</translation>
    </message>
    <message>
        <source>Unsaved session</source>
        <translation>会话未保存</translation>
    </message>
    <message>
        <source>This session has commands or settings that are not saved. Save them before going on?</source>
        <translation>本次会话中有尚未保存的操作或设置。继续之前要保存吗？</translation>
    </message>
    <message>
        <source>Restore the last session?</source>
        <translation>恢复上次的会话？</translation>
    </message>
    <message>
        <source>Rebalance Lab did not close cleanly last time.</source>
        <translation>重平衡实验室上次没有正常关闭。</translation>
    </message>
    <message>
        <source>The session of “%1”, with its commands and settings up to %2 of virtual time, was saved at %3. Restore it?</source>
        <translation>“%1”的会话（包含截至虚拟时间 %2 的全部操作和设置）已于 %3 自动保存。要恢复吗？</translation>
    </message>
    <message>
        <source>&amp;Restore</source>
        <translation>恢复(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Discard</source>
        <translation>丢弃(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Not now</source>
        <translation>以后再说(&amp;N)</translation>
    </message>
    <message>
        <source>Cannot restore the last session</source>
        <translation>无法恢复上次的会话</translation>
    </message>
    <message>
        <source>%1
The files were kept as %2.unreadable.</source>
        <translation>%1
这些文件已保留为 %2.unreadable。</translation>
    </message>
    <message>
        <source>Restored the session of %1</source>
        <translation>已恢复 %1 的会话</translation>
    </message>
</context>
<context>
    <name>Rblab::EventLogModel</name>
    <message>
        <source>+%1</source>
        <translation>+%1</translation>
    </message>
    <message>
        <source>−%1</source>
        <translation>−%1</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>事件</translation>
    </message>
    <message>
        <source>Consumer</source>
        <translation>消费者</translation>
    </message>
    <message>
        <source>Queue / broker</source>
        <translation>队列 / Broker</translation>
    </message>
    <message>
        <source>Detail</source>
        <translation>详情</translation>
    </message>
    <message>
        <source>off</source>
        <translation>已关闭</translation>
    </message>
    <message>
        <source>on for %1</source>
        <translation>已为 %1 开启</translation>
    </message>
    <message>
        <source>%1 — RocketMQ: %2</source>
        <translation>%1 —— RocketMQ：%2</translation>
    </message>
    <message>
        <source>%1 silent since %2 (last log line); no &quot;shutdown OK&quot;: hung or killed, the logs cannot tell</source>
        <extracomment>The event log of imported logs: a client whose lines stop without &quot;shutdown OK&quot;. %1 the client, %2 its last line&apos;s time (HH:MM:SS).</extracomment>
        <translation>%1 静默自 %2（最后一行日志）；没有“shutdown OK”：是卡住还是被杀，日志无法区分</translation>
    </message>
    <message>
        <source>client joined</source>
        <extracomment>The event log of a live group: a client appeared in the group&apos;s connections.</extracomment>
        <translation>客户端加入</translation>
    </message>
    <message>
        <source>left the group</source>
        <extracomment>The event log of a live group: a client is no longer in the group&apos;s connections (shut down, killed or cut off: the brokers cannot tell).</extracomment>
        <translation>离开消费者组</translation>
    </message>
    <message>
        <source>queues moved</source>
        <translation>队列迁移</translation>
    </message>
    <message>
        <source>double-owned</source>
        <translation>重复持有</translation>
    </message>
    <message>
        <source>orphaned</source>
        <translation>无人持有</translation>
    </message>
    <message>
        <source>not answering</source>
        <translation>无应答</translation>
    </message>
    <message>
        <source>answering again</source>
        <translation>恢复应答</translation>
    </message>
    <message>
        <source>problem</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>problem gone</source>
        <translation>问题消失</translation>
    </message>
    <message>
        <source>stale view</source>
        <extracomment>The event log of a live group: a client&apos;s queues differ from what its own strategy gives for the group&apos;s current members, two polls running.</extracomment>
        <translation>视图过期</translation>
    </message>
    <message>
        <source>view up to date</source>
        <extracomment>The event log of a live group: a client&apos;s queues agree with its strategy again.</extracomment>
        <translation>视图已更新</translation>
    </message>
    <message>
        <source>nobody</source>
        <extracomment>A live group&apos;s change: a queue claimed by no client.</extracomment>
        <translation>无人</translation>
    </message>
    <message>
        <source>%1 cached messages &gt; %2 %3</source>
        <extracomment>%1 cached messages, %2 the setting&apos;s name (pullThresholdForQueue), %3 its value.</extracomment>
        <translation>缓存 %1 条消息 &gt; %2 %3</translation>
    </message>
    <message>
        <source>%1 MiB cached &gt; %2 %3</source>
        <translation>缓存 %1 MiB &gt; %2 %3</translation>
    </message>
    <message>
        <source>offset span %1 &gt; %2 %3</source>
        <translation>位点跨度 %1 &gt; %2 %3</translation>
    </message>
    <message>
        <source>%1 joined the group</source>
        <translation>%1 加入了消费者组</translation>
    </message>
    <message>
        <source>%1 joined the group (%2)</source>
        <extracomment>%1 the client id, %2 its address and version.</extracomment>
        <translation>%1 加入了消费者组（%2）</translation>
    </message>
    <message>
        <source>%1 is no longer in the group&apos;s connections</source>
        <translation>%1 已不在该组的连接列表中</translation>
    </message>
    <message>
        <source>%1 moved from %2 to %3</source>
        <extracomment>%1 a queue, %2 and %3 the clients that held it before and now.</extracomment>
        <translation>%1 从 %2 移到 %3</translation>
    </message>
    <message>
        <source>%1 is claimed by %2</source>
        <translation>%1 被 %2 同时持有</translation>
    </message>
    <message>
        <source>%1 is claimed by no client (it was %2&apos;s)</source>
        <translation>%1 没有任何客户端持有（原属 %2）</translation>
    </message>
    <message>
        <source>%1 did not answer: %2</source>
        <extracomment>%1 the client id, %2 why (the network&apos;s or the broker&apos;s words, as they came).</extracomment>
        <translation>%1 未应答：%2</translation>
    </message>
    <message>
        <source>%1 answers again</source>
        <translation>%1 恢复应答</translation>
    </message>
    <message>
        <source>problem: %1</source>
        <translation>问题：%1</translation>
    </message>
    <message>
        <source>problem gone: %1</source>
        <translation>问题消失：%1</translation>
    </message>
    <message>
        <source>%2 holds back the pulls of %1: %3</source>
        <extracomment>%1 the queue, %2 the client, %3 why (e.g. 1200 cached messages &gt; …).</extracomment>
        <translation>%2 暂停拉取 %1：%3</translation>
    </message>
    <message>
        <source>%2 pulls %1 again (was %3)</source>
        <translation>%2 恢复拉取 %1（此前：%3）</translation>
    </message>
    <message>
        <source>%2 pulls %1 again</source>
        <translation>%2 恢复拉取 %1</translation>
    </message>
    <message>
        <source>%1 holds %2 queues; %3 over %4 gives it %5</source>
        <extracomment>%1 the client, %2 queues it holds, %3 its strategy, %4 the group&apos;s clients and queues as it saw them, %5 the queues the strategy gives it.</extracomment>
        <translation>%1 持有 %2 个队列；%3 按 %4 应分给它 %5 个</translation>
    </message>
    <message>
        <source>; missing %1</source>
        <translation>；缺少 %1</translation>
    </message>
    <message>
        <source>; not its own %1</source>
        <translation>；多出不属于它的 %1</translation>
    </message>
    <message>
        <source>%1 holds %2 queues, as %3 gives</source>
        <translation>%1 持有 %2 个队列，与 %3 的结果一致</translation>
    </message>
</context>
<context>
    <name>Rblab::EventLogView</name>
    <message>
        <source>Kinds</source>
        <translation>事件类型</translation>
    </message>
    <message>
        <source>Choose which kinds of events the log shows</source>
        <translation>选择日志中显示哪些类型的事件</translation>
    </message>
    <message>
        <source>Click an event to select its consumer or queue</source>
        <translation>单击事件可选中相关的消费者或队列</translation>
    </message>
    <message>
        <source>Show all</source>
        <translation>全部显示</translation>
    </message>
    <message>
        <source>Hide all</source>
        <translation>全部隐藏</translation>
    </message>
    <message>
        <source>%1 of %2 events</source>
        <translation>显示 %1 / 共 %2 条事件</translation>
    </message>
</context>
<context>
    <name>Rblab::EventSpool</name>
    <message>
        <source>cannot create a temporary file for the events in %1: %2</source>
        <translation>无法在 %1 中为事件创建临时文件：%2</translation>
    </message>
    <message>
        <source>cannot write the events to %1: %2</source>
        <translation>无法把事件写入 %1：%2</translation>
    </message>
    <message>
        <source>the events in %1 are truncated</source>
        <translation>%1 中的事件不完整（被截断）</translation>
    </message>
</context>
<context>
    <name>Rblab::ExportController</name>
    <message>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
    <message>
        <source>Could not write %1:
%2</source>
        <translation>无法写入 %1：
%2</translation>
    </message>
    <message>
        <source>Export the view as PNG</source>
        <translation>把视图导出为 PNG</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG 图片 (*.png)</translation>
    </message>
    <message>
        <source>Export the view as SVG</source>
        <translation>把视图导出为 SVG</translation>
    </message>
    <message>
        <source>SVG images (*.svg)</source>
        <translation>SVG 图片 (*.svg)</translation>
    </message>
    <message>
        <source>Export the charts as PNG</source>
        <translation>把图表导出为 PNG</translation>
    </message>
    <message>
        <source>Rendering the clip…</source>
        <translation>正在渲染片段…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Export the samples as CSV files (consumers.csv, queues.csv, health.csv)</source>
        <translation>把采样导出为 CSV 文件（consumers.csv、queues.csv、health.csv）</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>Untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
</context>
<context>
    <name>Rblab::FlowControlText</name>
    <message>
        <source>pull delayed %1 ms: %2 cached &gt; pullThresholdForQueue %3</source>
        <translation>拉取延迟 %1 毫秒：缓存 %2 条 &gt; pullThresholdForQueue %3</translation>
    </message>
    <message>
        <source>pull delayed %1 ms: %2 MiB cached &gt; pullThresholdSizeForQueue %3 MiB</source>
        <translation>拉取延迟 %1 毫秒：缓存 %2 MiB &gt; pullThresholdSizeForQueue %3 MiB</translation>
    </message>
    <message>
        <source>pull delayed %1 ms: span %2 &gt; consumeConcurrentlyMaxSpan %3</source>
        <translation>拉取延迟 %1 毫秒：跨度 %2 &gt; consumeConcurrentlyMaxSpan %3</translation>
    </message>
    <message>
        <source>pull answered SYSTEM_BUSY by the broker (its pull thread pool is behind): next pull after pullTimeDelayMillsWhenException</source>
        <translation>Broker 应答 SYSTEM_BUSY（其拉取线程池积压）：等待 pullTimeDelayMillsWhenException 后再拉取</translation>
    </message>
    <message>
        <source>pull answered FLOW_CONTROL by the broker: next pull in 20 ms</source>
        <translation>Broker 应答 FLOW_CONTROL：20 毫秒后再拉取</translation>
    </message>
</context>
<context>
    <name>Rblab::GuiText</name>
    <message>
        <source>not started</source>
        <translation>未启动</translation>
    </message>
    <message>
        <source>starting</source>
        <translation>启动中</translation>
    </message>
    <message>
        <source>slowed</source>
        <translation>变慢</translation>
    </message>
    <message>
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <source>paused</source>
        <translation>已暂停</translation>
    </message>
    <message>
        <source>frozen</source>
        <translation>已冻结</translation>
    </message>
    <message>
        <source>partitioned</source>
        <translation>网络隔离</translation>
    </message>
    <message>
        <source>killed</source>
        <translation>已被杀</translation>
    </message>
    <message>
        <source>shut down</source>
        <translation>已关闭</translation>
    </message>
    <message>
        <source>start</source>
        <translation>启动</translation>
    </message>
    <message>
        <source>join</source>
        <translation>加入</translation>
    </message>
    <message>
        <source>shutdown</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>kill</source>
        <translation>杀死</translation>
    </message>
    <message>
        <source>freeze</source>
        <translation>冻结</translation>
    </message>
    <message>
        <source>unfreeze</source>
        <translation>解冻</translation>
    </message>
    <message>
        <source>partition</source>
        <translation>网络隔离</translation>
    </message>
    <message>
        <source>heal</source>
        <translation>恢复网络</translation>
    </message>
    <message>
        <source>pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <source>resume</source>
        <translation>恢复</translation>
    </message>
    <message>
        <source>consume time changed</source>
        <translation>消费耗时变更</translation>
    </message>
    <message>
        <source>failure rate changed</source>
        <translation>失败率变更</translation>
    </message>
    <message>
        <source>strategy changed</source>
        <translation>策略变更</translation>
    </message>
    <message>
        <source>client settings changed</source>
        <translation>客户端配置变更</translation>
    </message>
    <message>
        <source>started</source>
        <translation>已启动</translation>
    </message>
    <message>
        <source>connection registered</source>
        <translation>连接已注册</translation>
    </message>
    <message>
        <source>connection closed</source>
        <translation>连接已关闭</translation>
    </message>
    <message>
        <source>connection expired</source>
        <translation>连接已过期</translation>
    </message>
    <message>
        <source>unregistered</source>
        <translation>已注销</translation>
    </message>
    <message>
        <source>notify: ids changed</source>
        <translation>通知：消费者变化</translation>
    </message>
    <message>
        <source>broker down</source>
        <translation>Broker 宕机</translation>
    </message>
    <message>
        <source>broker up</source>
        <translation>Broker 恢复</translation>
    </message>
    <message>
        <source>rebalance</source>
        <translation>重平衡</translation>
    </message>
    <message>
        <source>rebalance failed</source>
        <translation>重平衡失败</translation>
    </message>
    <message>
        <source>strategy error</source>
        <translation>策略出错</translation>
    </message>
    <message>
        <source>flow control on</source>
        <translation>流控开始</translation>
    </message>
    <message>
        <source>flow control off</source>
        <translation>流控结束</translation>
    </message>
    <message>
        <source>route changed</source>
        <translation>路由变化</translation>
    </message>
    <message>
        <source>offset illegal</source>
        <translation>位点非法</translation>
    </message>
    <message>
        <source>lock failed</source>
        <translation>加锁失败</translation>
    </message>
    <message>
        <source>produce rate changed</source>
        <translation>生产速率变更</translation>
    </message>
    <message>
        <source>queue count changed</source>
        <translation>队列数变更</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>cached message count</source>
        <translation>缓存消息数</translation>
    </message>
    <message>
        <source>cached size</source>
        <translation>缓存大小</translation>
    </message>
    <message>
        <source>offset span</source>
        <translation>位点跨度</translation>
    </message>
    <message>
        <source>topic message count</source>
        <translation>Topic 缓存消息数</translation>
    </message>
    <message>
        <source>topic cached size</source>
        <translation>Topic 缓存大小</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 分 %2 秒</translation>
    </message>
    <message>
        <source>%1 B</source>
        <translation>%1 B</translation>
    </message>
    <message>
        <source>%1 KiB</source>
        <translation>%1 KiB</translation>
    </message>
    <message>
        <source>%1 MiB</source>
        <translation>%1 MiB</translation>
    </message>
    <message>
        <source>messages</source>
        <translation>条消息</translation>
    </message>
    <message>
        <source>MiB</source>
        <translation>MiB</translation>
    </message>
    <message>
        <source>offsets</source>
        <translation>个位点</translation>
    </message>
    <message>
        <source>threads</source>
        <translation>个线程</translation>
    </message>
    <message>
        <source>times</source>
        <translation>次</translation>
    </message>
    <message>
        <source>%1×</source>
        <translation>%1×</translation>
    </message>
    <message>
        <source>broker settings changed</source>
        <translation>Broker 配置变更</translation>
    </message>
    <message>
        <source>random churn changed</source>
        <translation>随机扰动变更</translation>
    </message>
    <message>
        <source>exponential, mean %1</source>
        <translation>指数分布，均值 %1</translation>
    </message>
    <message>
        <source>lognormal, mean %1, p99 %2</source>
        <translation>对数正态分布，均值 %1，p99 %2</translation>
    </message>
    <message>
        <source>%1 per message</source>
        <translation>每条消息 %1</translation>
    </message>
    <message>
        <source>%1 (declared: %2)</source>
        <translation>%1（原设定：%2）</translation>
    </message>
    <message>
        <source>%1 (+%2 retry)</source>
        <translation>%1（+%2 个重试队列）</translation>
    </message>
    <message>
        <source>notify: ids changed (whole group)</source>
        <translation>通知：消费者列表变化（整个组）</translation>
    </message>
    <message>
        <source>command refused</source>
        <translation>命令被拒绝</translation>
    </message>
    <message>
        <source>consume timeout: sent back</source>
        <translation>消费超时：已发回重试</translation>
    </message>
    <message>
        <source>minutes</source>
        <translation>分钟</translation>
    </message>
    <message>
        <source>broker: SYSTEM_BUSY</source>
        <translation>Broker：SYSTEM_BUSY</translation>
    </message>
    <message>
        <source>broker: FLOW_CONTROL</source>
        <translation>Broker：FLOW_CONTROL</translation>
    </message>
    <message>
        <source>silent since %1 (last log line)</source>
        <extracomment>An imported client whose lines stop without &quot;shutdown OK&quot; (the report infers a kill; a hung client looks the same). %1: its last line&apos;s time, HH:MM:SS.</extracomment>
        <translation>静默自 %1（最后一行日志）</translation>
    </message>
    <message>
        <source>—</source>
        <extracomment>A figure the client logs do not record (cache size, lag, duplicates): not a 0.</extracomment>
        <translation>—</translation>
    </message>
    <message>
        <source>Not measured: client logs do not record cache sizes (messages or bytes), offsets, lag or duplicates.</source>
        <translation>未测量：客户端日志不记录缓存大小（消息数或字节数）、位点、堆积或重复消费。</translation>
    </message>
    <message>
        <source>silent</source>
        <extracomment>The event log of imported logs: a client fell silent (the report infers a kill).</extracomment>
        <translation>静默</translation>
    </message>
    <message>
        <source>Not measured: a live group&apos;s polls see offsets, caches and lag, not each delivery, so duplicates cannot be counted.</source>
        <translation>未测量：对在线消费者组的轮询只能看到位点、缓存和堆积，看不到每一次投递，因此无法统计重复消费。</translation>
    </message>
    <message>
        <source>shutting down</source>
        <extracomment>Imported logs: it unregistered from the brokers, its &quot;shutdown OK&quot; is still to come.</extracomment>
        <translation>正在关闭</translation>
    </message>
</context>
<context>
    <name>Rblab::HostConnection</name>
    <message>
        <source>cannot open a local socket for the plugin helper: %1</source>
        <translation>无法为插件辅助进程打开本地套接字：%1</translation>
    </message>
    <message>
        <source>cannot start the plugin helper %1: %2</source>
        <translation>无法启动插件辅助进程 %1：%2</translation>
    </message>
    <message>
        <source>the plugin helper did not connect: %1</source>
        <translation>插件辅助进程没有连接：%1</translation>
    </message>
    <message>
        <source>killed by a signal</source>
        <translation>被信号终止</translation>
    </message>
    <message>
        <source>exit status %1</source>
        <translation>退出状态 %1</translation>
    </message>
</context>
<context>
    <name>Rblab::ImportController</name>
    <message>
        <source>Import client &amp;logs…</source>
        <translation>导入客户端日志(&amp;L)…</translation>
    </message>
    <message>
        <source>Show what RocketMQ client logs (rocketmq_client.log, 4.9 or 5.x, plain or gzip) recorded, as a read-only run</source>
        <translation>以只读运行的方式显示 RocketMQ 客户端日志（rocketmq_client.log，4.9 或 5.x，纯文本或 gzip）记录的内容</translation>
    </message>
    <message>
        <source>Import &amp;mqadmin output…</source>
        <translation>导入 mqadmin 输出(&amp;M)…</translation>
    </message>
    <message>
        <source>Build a scenario from mqadmin consumerConnection and consumerProgress output</source>
        <translation>根据 mqadmin consumerConnection 和 consumerProgress 的输出生成场景</translation>
    </message>
    <message>
        <source>&amp;Replay in the engine</source>
        <translation>在引擎中回放(&amp;R)</translation>
    </message>
    <message>
        <source>Open compare mode: the observed logs beside the engine replaying the same membership, on one clock</source>
        <translation>打开对比模式：观测到的日志与引擎回放相同成员变化并排显示，使用同一时钟</translation>
    </message>
    <message>
        <source>Import client logs</source>
        <translation>导入客户端日志</translation>
    </message>
    <message>
        <source>RocketMQ client logs (*.log *.log.* *.gz);;All files (*)</source>
        <translation>RocketMQ 客户端日志 (*.log *.log.* *.gz);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Reading %1 log files…</source>
        <translation>正在读取 %1 个日志文件…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>The logs cannot be shown</source>
        <translation>无法显示这些日志</translation>
    </message>
    <message>
        <source>Some lines were skipped</source>
        <translation>部分行已跳过</translation>
    </message>
    <message>
        <source>… and %1 more</source>
        <translation>……另有 %1 条</translation>
    </message>
    <message>
        <source>The logs were imported; these lines could not be read and were skipped (%1):</source>
        <translation>日志已导入；以下行无法读取，已跳过（%1 条）：</translation>
    </message>
    <message>
        <source>Import mqadmin output</source>
        <translation>导入 mqadmin 输出</translation>
    </message>
    <message>
        <source>Import client logs first.</source>
        <translation>请先导入客户端日志。</translation>
    </message>
    <message>
        <source>Replay in the engine</source>
        <translation>在引擎中回放</translation>
    </message>
    <message>
        <source>consumerConnection</source>
        <translation>consumerConnection</translation>
    </message>
    <message>
        <source>consumerProgress</source>
        <translation>consumerProgress</translation>
    </message>
    <message>
        <source>Nothing to import: no consumer and no queue was read.</source>
        <translation>没有可导入的内容：未读到任何消费者或队列。</translation>
    </message>
    <message numerus="yes">
        <source>The scenario was built; %n line(s) were doubtful:</source>
        <translation>
            <numerusform>场景已生成；有 %n 行存疑：</numerusform>
        </translation>
    </message>
    <message>
        <source>Import client logs from a &amp;folder…</source>
        <translation>从文件夹导入客户端日志(&amp;F)…</translation>
    </message>
    <message>
        <source>Read every RocketMQ client log below a folder: rocketmq_client.log, its rotations rocketmq_client.log.N (4.9) and other_days/rocketmq_client-N.log.gz (5.x). Keep one folder per machine: the folders tell the machines apart and line up their clocks.</source>
        <translation>读取文件夹下的所有 RocketMQ 客户端日志：rocketmq_client.log、它的滚动文件 rocketmq_client.log.N（4.9）和 other_days/rocketmq_client-N.log.gz（5.x）。请每台机器一个文件夹：文件夹用来区分机器并对齐它们的时钟。</translation>
    </message>
    <message>
        <source>Import client logs from a folder</source>
        <translation>从文件夹导入客户端日志</translation>
    </message>
</context>
<context>
    <name>Rblab::InspectorView</name>
    <message>
        <source>Property</source>
        <translation>属性</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Select a consumer card or a queue tile to inspect it.</source>
        <translation>选中一张消费者卡片或一个队列方块即可查看详情。</translation>
    </message>
    <message>
        <source>Consumer %1</source>
        <translation>消费者 %1</translation>
    </message>
    <message>
        <source>Client id</source>
        <translation>客户端 ID</translation>
    </message>
    <message>
        <source>Group</source>
        <translation>消费者组</translation>
    </message>
    <message>
        <source>State</source>
        <extracomment>A live client&apos;s state: it answered the poll taken at %1 (clock time).</extracomment>
        <translation>状态</translation>
    </message>
    <message>
        <source>Strategy</source>
        <translation>分配策略</translation>
    </message>
    <message>
        <source>Queues held</source>
        <translation>持有的队列</translation>
    </message>
    <message>
        <source>Cached</source>
        <translation>缓存</translation>
    </message>
    <message>
        <source>%1 messages, %2</source>
        <translation>%1 条消息，%2</translation>
    </message>
    <message>
        <source>Delivered</source>
        <translation>已投递</translation>
    </message>
    <message>
        <source>Flow-control holds</source>
        <translation>流控次数</translation>
    </message>
    <message>
        <source>count %1, size %2, span %3</source>
        <translation>数量 %1，大小 %2，跨度 %3</translation>
    </message>
    <message>
        <source>Busy consume threads</source>
        <translation>忙碌的消费线程</translation>
    </message>
    <message>
        <source>%1 (%2 tasks queued)</source>
        <translation>%1（%2 个任务排队）</translation>
    </message>
    <message>
        <source>pullThresholdForQueue</source>
        <translation>pullThresholdForQueue</translation>
    </message>
    <message>
        <source>pullThresholdSizeForQueue</source>
        <translation>pullThresholdSizeForQueue</translation>
    </message>
    <message>
        <source>%1 MiB</source>
        <translation>%1 MiB</translation>
    </message>
    <message>
        <source>consumeConcurrentlyMaxSpan</source>
        <translation>consumeConcurrentlyMaxSpan</translation>
    </message>
    <message>
        <source>Last rebalance</source>
        <translation>最近一次重平衡</translation>
    </message>
    <message>
        <source>%1 (%2 rounds changed something)</source>
        <translation>%1（共 %2 轮有变化）</translation>
    </message>
    <message>
        <source>never</source>
        <translation>从未</translation>
    </message>
    <message>
        <source>Its view of %1</source>
        <translation>它看到的 %1</translation>
    </message>
    <message>
        <source>at %1: %2 consumers, %3 queues, from %4</source>
        <translation>%1 时：%2 个消费者，%3 个队列，来自 %4</translation>
    </message>
    <message>
        <source>not computed yet</source>
        <translation>尚未计算</translation>
    </message>
    <message>
        <source>%1 cached, next offset %2</source>
        <translation>缓存 %1 条，下次拉取位点 %2</translation>
    </message>
    <message>
        <source>Consumed offset</source>
        <translation>消费位点</translation>
    </message>
    <message>
        <source>Cache</source>
        <translation>缓存</translation>
    </message>
    <message>
        <source>Pull state</source>
        <translation>拉取状态</translation>
    </message>
    <message>
        <source>pulling (last pull %1)</source>
        <translation>正在拉取（上次拉取 %1）</translation>
    </message>
    <message>
        <source>held back: %1</source>
        <translation>被流控：%1</translation>
    </message>
    <message>
        <source>Lock</source>
        <translation>锁</translation>
    </message>
    <message>
        <source>locked</source>
        <translation>已加锁</translation>
    </message>
    <message>
        <source>not locked</source>
        <translation>未加锁</translation>
    </message>
    <message>
        <source>Held since</source>
        <translation>持有起始时间</translation>
    </message>
    <message>
        <source>Dropped</source>
        <translation>已丢弃</translation>
    </message>
    <message>
        <source>waiting to be removed</source>
        <translation>等待移除</translation>
    </message>
    <message>
        <source>Queue %1</source>
        <translation>队列 %1</translation>
    </message>
    <message>
        <source>Topic</source>
        <translation>Topic</translation>
    </message>
    <message>
        <source>Broker</source>
        <translation>Broker</translation>
    </message>
    <message>
        <source> (down)</source>
        <translation>（宕机）</translation>
    </message>
    <message>
        <source>Queue id</source>
        <translation>队列 ID</translation>
    </message>
    <message>
        <source>Broker offset</source>
        <translation>Broker 最大位点</translation>
    </message>
    <message>
        <source>Committed offset</source>
        <translation>已提交位点</translation>
    </message>
    <message>
        <source>none yet</source>
        <translation>暂无</translation>
    </message>
    <message>
        <source>Lag</source>
        <translation>堆积</translation>
    </message>
    <message>
        <source>Owners</source>
        <translation>持有者</translation>
    </message>
    <message>
        <source>%1 alive, %2 running</source>
        <translation>%1 个存活，%2 个运行中</translation>
    </message>
    <message>
        <source>Route</source>
        <translation>路由</translation>
    </message>
    <message>
        <source>not in the name server&apos;s route</source>
        <translation>不在 NameServer 的路由中</translation>
    </message>
    <message>
        <source>Next pull offset</source>
        <translation>下次拉取位点</translation>
    </message>
    <message>
        <source>%1 of %2 messages, %3, span %4</source>
        <translation>%1 / %2 条消息，%3，跨度 %4</translation>
    </message>
    <message>
        <source>Last moved</source>
        <translation>最近一次迁移</translation>
    </message>
    <message>
        <source>%1 to %2</source>
        <translation>%1 迁移给 %2</translation>
    </message>
    <message>
        <source>Consume time</source>
        <translation>消费耗时</translation>
    </message>
    <message>
        <source>Explain this assignment</source>
        <translation>解释这次分配</translation>
    </message>
    <message>
        <source>%1 on %2 at %3</source>
        <translation>%1，%2，%3 时</translation>
    </message>
    <message>
        <source>cidAll (sorted)</source>
        <translation>cidAll（已排序）</translation>
    </message>
    <message>
        <source>%1 consumers</source>
        <translation>%1 个消费者</translation>
    </message>
    <message>
        <source>%1 ← this consumer</source>
        <translation>%1 ← 本消费者</translation>
    </message>
    <message>
        <source>mqAll (sorted)</source>
        <translation>mqAll（已排序）</translation>
    </message>
    <message>
        <source>%1 queues</source>
        <translation>%1 个队列</translation>
    </message>
    <message>
        <source>index</source>
        <translation>index</translation>
    </message>
    <message>
        <source>mod</source>
        <translation>mod</translation>
    </message>
    <message>
        <source>averageSize</source>
        <translation>averageSize</translation>
    </message>
    <message>
        <source>startIndex</source>
        <translation>startIndex</translation>
    </message>
    <message>
        <source>range</source>
        <translation>range</translation>
    </message>
    <message>
        <source>mqAll[startIndex … startIndex + range − 1]</source>
        <translation>mqAll[startIndex … startIndex + range − 1]</translation>
    </message>
    <message>
        <source>every %1th queue from index</source>
        <translation>从 index 起每隔 %1 个取一个队列</translation>
    </message>
    <message>
        <source>The strategy&apos;s answer</source>
        <translation>策略的返回结果</translation>
    </message>
    <message>
        <source>rebalanced result changed: %1 of %2 queues, cidAllSize=%3</source>
        <translation>重平衡结果变化：%2 个队列中的 %1 个，cidAllSize=%3</translation>
    </message>
    <message>
        <source>add a new mq %1/%2</source>
        <translation>新增队列 %1/%2</translation>
    </message>
    <message>
        <source>remove unnecessary mq %1/%2</source>
        <translation>移除不再需要的队列 %1/%2</translation>
    </message>
    <message>
        <source>broker&apos;s notification from %1</source>
        <translation>来自 %1 的 Broker 通知</translation>
    </message>
    <message>
        <source>flow control on %1/%2 (flowControlTimes=%3)</source>
        <translation>%1/%2 流控（flowControlTimes=%3）</translation>
    </message>
    <message>
        <source>pull request dropped</source>
        <translation>拉取请求已丢弃</translation>
    </message>
    <message>
        <source>start OK</source>
        <translation>启动成功</translation>
    </message>
    <message>
        <source>shutdown OK</source>
        <translation>关闭成功</translation>
    </message>
    <message>
        <source>Copied %1</source>
        <translation>已复制 %1</translation>
    </message>
    <message>
        <source>Consumer %1 (from its logs)</source>
        <translation>消费者 %1（来自其日志）</translation>
    </message>
    <message>
        <source>Logged view</source>
        <translation>日志中的视图</translation>
    </message>
    <message>
        <source>at %1: cidAllSize=%2, mqAllSize=%3</source>
        <translation>%1 时：cidAllSize=%2，mqAllSize=%3</translation>
    </message>
    <message>
        <source>claimed since %1</source>
        <translation>自 %1 起认领</translation>
    </message>
    <message>
        <source>claimed since %1, flow control logged (%2)</source>
        <translation>自 %1 起认领，日志记录了流控（%2）</translation>
    </message>
    <message>
        <source>Log lines</source>
        <translation>日志行</translation>
    </message>
    <message>
        <source>%1 up to now (click one to copy its place)</source>
        <translation>截至当前 %1 行（点击一行复制其位置）</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>Click to copy %1</source>
        <translation>点击复制 %1</translation>
    </message>
    <message>
        <source>POP queues</source>
        <translation>POP 队列</translation>
    </message>
    <message>
        <source>In flight (popped, not acked)</source>
        <translation>在途（已弹出、未确认）</translation>
    </message>
    <message>
        <source>Invisible on the brokers</source>
        <translation>Broker 上不可见</translation>
    </message>
    <message>
        <source>Acked</source>
        <translation>已确认</translation>
    </message>
    <message>
        <source>Redelivered</source>
        <translation>重新投递</translation>
    </message>
    <message>
        <source>virtualNodeCount</source>
        <translation>virtualNodeCount</translation>
    </message>
    <message>
        <source>Ring</source>
        <translation>哈希环</translation>
    </message>
    <message>
        <source>%1 virtual nodes · MD5 of &quot;&lt;client id&gt;-&lt;i&gt;&quot;</source>
        <translation>%1 个虚拟节点 · “&lt;客户端 ID&gt;-&lt;i&gt;”的 MD5</translation>
    </message>
    <message>
        <source>Queues on the ring</source>
        <translation>队列在环上的位置</translation>
    </message>
    <message>
        <source>%1 queues · MD5 of MessageQueue.toString()</source>
        <translation>%1 个队列 · MessageQueue.toString() 的 MD5</translation>
    </message>
    <message>
        <source>%1 → empty ring: no owner</source>
        <translation>%1 → 哈希环为空：无人持有</translation>
    </message>
    <message>
        <source>%1 → %2-%3 at %4 ← this consumer</source>
        <translation>%1 → %2-%3（位于 %4）← 本消费者</translation>
    </message>
    <message>
        <source>%1 → %2-%3 at %4</source>
        <translation>%1 → %2-%3（位于 %4）</translation>
    </message>
    <message>
        <source>Landing on its nodes</source>
        <translation>落在它的节点上的队列</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>RocketMQ logs</source>
        <translation>RocketMQ 日志</translation>
    </message>
    <message>
        <source>Client instance</source>
        <translation>客户端实例</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <extracomment>A consumer sharing the client instance: %1 its name, %2 its group.</extracomment>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>Shared with</source>
        <translation>共用者</translation>
    </message>
    <message>
        <source>no other consumer</source>
        <translation>无其他消费者</translation>
    </message>
    <message>
        <source>Revived (not acked in time)</source>
        <translation>已复活（未按时确认）</translation>
    </message>
    <message>
        <source>Consumer %1 (as it reports itself)</source>
        <translation>消费者 %1（按其自身上报）</translation>
    </message>
    <message>
        <source>running (answered the poll of %1)</source>
        <translation>运行中（应答了 %1 的轮询）</translation>
    </message>
    <message>
        <source>not answering since %1</source>
        <translation>自 %1 起无应答</translation>
    </message>
    <message>
        <source>left the group (last seen %1)</source>
        <translation>已离开消费者组（最后见到：%1）</translation>
    </message>
    <message>
        <source>not seen yet</source>
        <translation>尚未出现</translation>
    </message>
    <message>
        <source>%1 (as it last reported)</source>
        <translation>%1（按其最后一次上报）</translation>
    </message>
    <message>
        <source>Last change of its queues</source>
        <translation>其队列最近一次变化</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%n change(s) seen)</source>
        <translation>
            <numerusform>%1（观察到 %n 次变化）</numerusform>
        </translation>
    </message>
    <message>
        <source>none since the watch began</source>
        <translation>自开始观察以来没有变化</translation>
    </message>
    <message>
        <source>the first poll, or before</source>
        <translation>第一次轮询时或更早</translation>
    </message>
    <message>
        <source>unregistered from a broker (shutting down)</source>
        <extracomment>A client log line: the consumer&apos;s shutdown unregistered it from a broker.</extracomment>
        <translation>已从 Broker 注销（正在关闭）</translation>
    </message>
    <message>
        <source>add a new mq %1/%2 failed: lock failed</source>
        <extracomment>A client log line: an orderly consumer could not lock a queue it was given.</extracomment>
        <translation>新增队列 %1/%2 失败：加锁失败</translation>
    </message>
    <message>
        <source>start beginning (BROADCASTING)</source>
        <translation>开始启动（广播模式）</translation>
    </message>
    <message>
        <source>start beginning (CLUSTERING)</source>
        <translation>开始启动（集群模式）</translation>
    </message>
</context>
<context>
    <name>Rblab::IsolatedStrategy</name>
    <message>
        <source>%1 did not return from %2 within %3 ms; the helper was restarted, the round was skipped</source>
        <translation>%1 在 %3 毫秒内没有从 %2 返回；辅助进程已重启，本轮重平衡已跳过</translation>
    </message>
    <message>
        <source>%1 could not run in %2: %3; the round was skipped</source>
        <translation>%1 无法运行 %2：%3；本轮重平衡已跳过</translation>
    </message>
    <message>
        <source>%1 answered %2 with an unreadable frame; the round was skipped</source>
        <translation>%1 对 %2 的应答帧无法读取；本轮重平衡已跳过</translation>
    </message>
    <message>
        <source>%1 crashed in create; no strategy was made</source>
        <translation>%1 在 create 中崩溃；没有创建策略</translation>
    </message>
    <message>
        <source>%1 crashed in %2; the round was skipped</source>
        <translation>%1 在 %2 中崩溃；本轮重平衡已跳过</translation>
    </message>
</context>
<context>
    <name>Rblab::JsonNode</name>
    <message>
        <source>an empty array</source>
        <translation>空数组</translation>
    </message>
    <message>
        <source>an array</source>
        <translation>数组</translation>
    </message>
    <message>
        <source>an empty object</source>
        <translation>空对象</translation>
    </message>
    <message>
        <source>an object</source>
        <translation>对象</translation>
    </message>
    <message>
        <source>null</source>
        <translation>null</translation>
    </message>
    <message>
        <source>true or false</source>
        <translation>true 或 false</translation>
    </message>
    <message>
        <source>a number</source>
        <translation>数字</translation>
    </message>
    <message>
        <source>a string</source>
        <translation>字符串</translation>
    </message>
</context>
<context>
    <name>Rblab::JsonParser</name>
    <message>
        <source>expected a JSON value, got an empty file</source>
        <translation>应为 JSON 值，但文件为空</translation>
    </message>
    <message>
        <source>expected the end of the file after the top-level value, got %1</source>
        <translation>顶层值之后应为文件结尾，实际为 %1</translation>
    </message>
    <message>
        <source>nesting deeper than %1 levels</source>
        <translation>嵌套超过 %1 层</translation>
    </message>
    <message>
        <source>a comma before &apos;}&apos; is not allowed in JSON</source>
        <translation>JSON 中 &apos;}&apos; 之前不允许有逗号</translation>
    </message>
    <message>
        <source>expected a key in double quotes, got the end of the file (the object at %1 is not closed)</source>
        <translation>应为双引号括起的键，却到了文件结尾（位于 %1 的对象未闭合）</translation>
    </message>
    <message>
        <source>expected a key in double quotes, got %1</source>
        <translation>应为双引号括起的键，实际为 %1</translation>
    </message>
    <message>
        <source>expected &apos;:&apos; after the key &quot;%1&quot;, got %2</source>
        <translation>键 &quot;%1&quot; 之后应为 &apos;:&apos;，实际为 %2</translation>
    </message>
    <message>
        <source>expected a value for &quot;%1&quot;, got the end of the file</source>
        <translation>&quot;%1&quot; 应有一个值，却到了文件结尾</translation>
    </message>
    <message>
        <source>duplicate key &quot;%1&quot; (first at %2; only the first is used)</source>
        <translation>重复的键 &quot;%1&quot;（首次出现在 %2；只使用第一个）</translation>
    </message>
    <message>
        <source>expected &apos;,&apos; or &apos;}&apos; after an object member, got the end of the file (the object at %1 is not closed)</source>
        <translation>对象成员之后应为 &apos;,&apos; 或 &apos;}&apos;，却到了文件结尾（位于 %1 的对象未闭合）</translation>
    </message>
    <message>
        <source>expected &apos;,&apos; or &apos;}&apos; after an object member, got %1</source>
        <translation>对象成员之后应为 &apos;,&apos; 或 &apos;}&apos;，实际为 %1</translation>
    </message>
    <message>
        <source>a comma before &apos;]&apos; is not allowed in JSON</source>
        <translation>JSON 中 &apos;]&apos; 之前不允许有逗号</translation>
    </message>
    <message>
        <source>expected a value, got the end of the file (the array at %1 is not closed)</source>
        <translation>应为一个值，却到了文件结尾（位于 %1 的数组未闭合）</translation>
    </message>
    <message>
        <source>expected &apos;,&apos; or &apos;]&apos; after an array element, got the end of the file (the array at %1 is not closed)</source>
        <translation>数组元素之后应为 &apos;,&apos; 或 &apos;]&apos;，却到了文件结尾（位于 %1 的数组未闭合）</translation>
    </message>
    <message>
        <source>expected &apos;,&apos; or &apos;]&apos; after an array element, got %1</source>
        <translation>数组元素之后应为 &apos;,&apos; 或 &apos;]&apos;，实际为 %1</translation>
    </message>
    <message>
        <source>line %1, column %2</source>
        <translation>第 %1 行第 %2 列</translation>
    </message>
    <message>
        <source>the file is UTF-16; expected UTF-8</source>
        <translation>文件是 UTF-16 编码；应为 UTF-8</translation>
    </message>
    <message>
        <source>invalid UTF-8 byte 0x%1; expected UTF-8 text</source>
        <translation>无效的 UTF-8 字节 0x%1；应为 UTF-8 文本</translation>
    </message>
    <message>
        <source>the end of the file</source>
        <translation>文件结尾</translation>
    </message>
    <message>
        <source>expected 4 hexadecimal digits after \u, got %1</source>
        <translation>\u 之后应为 4 位十六进制数字，实际为 %1</translation>
    </message>
    <message>
        <source>unterminated string (it opens at %1)</source>
        <translation>字符串未结束（始于 %1）</translation>
    </message>
    <message>
        <source>a string may not span lines: close it with &apos;&quot;&apos; or write \n (it opens at %1)</source>
        <translation>字符串不能跨行：请用 &apos;&quot;&apos; 结束它，或写成 \n（始于 %1）</translation>
    </message>
    <message>
        <source>control character %1 in a string; write it as an escape such as \t</source>
        <translation>字符串中有控制字符 %1；请写成转义形式，如 \t</translation>
    </message>
    <message>
        <source>unpaired surrogate \u%1: expected a second \u escape from \uDC00 to \uDFFF after it</source>
        <translation>不成对的代理项 \u%1：其后应再有一个 \uDC00 到 \uDFFF 的 \u 转义</translation>
    </message>
    <message>
        <source>unpaired surrogate \u%1: a low surrogate must follow a high one (\uD800 to \uDBFF)</source>
        <translation>不成对的代理项 \u%1：低位代理项必须跟在高位代理项（\uD800 到 \uDBFF）之后</translation>
    </message>
    <message>
        <source>invalid escape \%1; JSON knows \&quot; \\ \/ \b \f \n \r \t and \uXXXX</source>
        <translation>无效的转义 \%1；JSON 只支持 \&quot; \\ \/ \b \f \n \r \t 和 \uXXXX</translation>
    </message>
    <message>
        <source>expected a digit after &apos;-&apos;, got %1</source>
        <translation>&apos;-&apos; 之后应为数字，实际为 %1</translation>
    </message>
    <message>
        <source>a number may not start with 0 followed by more digits in JSON</source>
        <translation>JSON 中的数字不能以 0 开头后接其他数字</translation>
    </message>
    <message>
        <source>expected a digit after the decimal point, got %1</source>
        <translation>小数点之后应为数字，实际为 %1</translation>
    </message>
    <message>
        <source>expected a digit in the exponent, got %1</source>
        <translation>指数部分应为数字，实际为 %1</translation>
    </message>
    <message>
        <source>the number %1 is too large</source>
        <translation>数字 %1 太大</translation>
    </message>
    <message>
        <source>expected a value (an object, array, string, number, true, false or null), got %1</source>
        <translation>应为一个值（对象、数组、字符串、数字、true、false 或 null），实际为 %1</translation>
    </message>
    <message>
        <source>expected an integer key, got %1</source>
        <translation>应为整数键，实际为 %1</translation>
    </message>
</context>
<context>
    <name>Rblab::LanguageMenu</name>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>System default (%1)</source>
        <translation>跟随系统（%1）</translation>
    </message>
    <message>
        <source>Follow the language of the system</source>
        <translation>跟随系统语言</translation>
    </message>
    <message>
        <source>Switch the interface to %1</source>
        <translation>把界面切换为%1</translation>
    </message>
</context>
<context>
    <name>Rblab::LiveController</name>
    <message>
        <source>&amp;Connect to a cluster…</source>
        <translation>连接到集群(&amp;C)…</translation>
    </message>
    <message>
        <source>Watch a running RocketMQ consumer group, read-only: its clients, who holds which queue, their caches and lag, polled on a timer</source>
        <translation>只读地观察一个正在运行的 RocketMQ 消费者组：它的客户端、哪个客户端持有哪个队列、缓存与堆积，按定时轮询</translation>
    </message>
    <message>
        <source>&amp;Fork into the engine from now</source>
        <translation>从此刻分叉到引擎(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Back to live</source>
        <translation>回到实时(&amp;B)</translation>
    </message>
    <message>
        <source>Show each poll again as it arrives</source>
        <translation>重新在每次轮询到达时显示最新画面</translation>
    </message>
    <message>
        <source>Live from %1 · %2</source>
        <extracomment>The window&apos;s title while it shows a live group: %1 the name server, %2 the group.</extracomment>
        <translation>实时：%1 · %2</translation>
    </message>
    <message>
        <source>connecting…</source>
        <translation>正在连接…</translation>
    </message>
    <message>
        <source>showing the poll of %1</source>
        <extracomment>A live view scrubbed back: %1 the poll&apos;s clock time; then how many came since.</extracomment>
        <translation>正在显示 %1 的轮询</translation>
    </message>
    <message numerus="yes">
        <source>%n newer poll(s)</source>
        <translation>
            <numerusform>之后还有 %n 次轮询</numerusform>
        </translation>
    </message>
    <message>
        <source>last poll %1 (%2 s ago)</source>
        <extracomment>%1 the clock time of the newest poll, %2 seconds since.</extracomment>
        <translation>最近一次轮询 %1（%2 秒前）</translation>
    </message>
    <message>
        <source>waiting for the brokers to answer</source>
        <translation>正在等待 Broker 应答</translation>
    </message>
    <message>
        <source>not answering: %1</source>
        <translation>无应答：%1</translation>
    </message>
    <message numerus="yes">
        <source>%n poll(s) skipped: the one before was still waiting for answers</source>
        <translation>
            <numerusform>跳过了 %n 次轮询：上一次仍在等待应答</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n poll(s) watched, every %1 s; read-only</source>
        <translation>
            <numerusform>已观察 %n 次轮询，每 %1 秒一次；只读</numerusform>
        </translation>
    </message>
    <message>
        <source>Connect to a cluster first.</source>
        <translation>请先连接到集群。</translation>
    </message>
    <message>
        <source>%1 at %2</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>The poll cannot be forked: %1</source>
        <translation>无法从这次轮询分叉：%1</translation>
    </message>
    <message>
        <source>Fork into the engine</source>
        <translation>分叉到引擎</translation>
    </message>
    <message>
        <source>As it runs</source>
        <translation>按现状运行</translation>
    </message>
    <message>
        <source>Fork of %1 — Rebalance Lab</source>
        <translation>%1 的分叉 — Rebalance Lab</translation>
    </message>
    <message>
        <source>Open compare mode on the poll on screen: the same group from that moment (holds and offsets as the clients reported them) under the strategies and settings you choose</source>
        <translation>在当前显示的轮询上打开对比模式：同一个组从那一刻起（队列持有和位点以客户端上报为准），在你选择的策略和配置下运行</translation>
    </message>
    <message>
        <source>Open a &amp;recording…</source>
        <translation>打开录制(&amp;R)…</translation>
    </message>
    <message>
        <source>Open a watch recorded by rblab watch --record or saved here: its polls on the timeline, read-only, to scrub and fork</source>
        <translation>打开由 rblab watch --record 录制或在此保存的观察记录：所有轮询都在时间轴上，只读，可拖动查看并分叉</translation>
    </message>
    <message>
        <source>Save the &amp;recording…</source>
        <translation>保存录制(&amp;R)…</translation>
    </message>
    <message>
        <source>Save every poll watched so far as a recording (an observed report) that opens here again</source>
        <translation>把到目前为止观察到的每次轮询保存为录制文件（观测报告），之后可在这里再次打开</translation>
    </message>
    <message>
        <source>Open a recording</source>
        <translation>打开录制</translation>
    </message>
    <message>
        <source>Recordings (*.json);;All files (*)</source>
        <translation>录制文件 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Save the recording</source>
        <translation>保存录制</translation>
    </message>
    <message>
        <source>%1 was not saved: %2</source>
        <translation>%1 未保存：%2</translation>
    </message>
    <message>
        <source>Recording %1 · %2 · %3</source>
        <extracomment>The window&apos;s title for a recorded watch: %1 the file, %2 the name server, %3 group.</extracomment>
        <translation>录制 %1 · %2 · %3</translation>
    </message>
    <message>
        <source>poll of %1 (recorded %2 to %3)</source>
        <extracomment>A recording: %1 the poll on screen&apos;s clock time, %2 and %3 the first and last.</extracomment>
        <translation>%1 的轮询（录制于 %2 至 %3）</translation>
    </message>
</context>
<context>
    <name>Rblab::MainWindow</name>
    <message>
        <source>The scenario cannot run</source>
        <translation>场景无法运行</translation>
    </message>
    <message>
        <source>Wrote %1</source>
        <translation>已写入 %1</translation>
    </message>
    <message>
        <source>About Rebalance Lab</source>
        <translation>关于 Rebalance Lab</translation>
    </message>
    <message>
        <source>Strategy</source>
        <translation>策略</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>配置</translation>
    </message>
    <message>
        <source>Churn</source>
        <translation>扰动</translation>
    </message>
    <message>
        <source>Scenario</source>
        <translation>场景</translation>
    </message>
    <message>
        <source>Inspector</source>
        <translation>详情</translation>
    </message>
    <message>
        <source>Event log</source>
        <translation>事件日志</translation>
    </message>
    <message>
        <source>Untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <source>%1[*] — Rebalance Lab</source>
        <translation>%1[*] — Rebalance Lab</translation>
    </message>
    <message>
        <source>%1 at %2: %3</source>
        <translation>%2 执行 %1：%3</translation>
    </message>
    <message>
        <source>%1 refused: %2</source>
        <translation>%1 被拒绝：%2</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Rebalance Lab %1&lt;/h3&gt;&lt;p&gt;A laboratory for how Apache RocketMQ consumer groups share a topic&apos;s queues: push consumers and brokers simulated event by event, allocation strategies loaded as plugins.&lt;/p&gt;&lt;p&gt;Licensed under the Apache License 2.0.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Rebalance Lab %1&lt;/h3&gt;&lt;p&gt;研究 Apache RocketMQ 消费者组如何分摊 Topic 队列的实验室：逐个事件模拟 Push 消费者和 Broker，分配策略以插件形式加载。&lt;/p&gt;&lt;p&gt;以 Apache License 2.0 许可发布。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>The run did not reach %1. %2</source>
        <translation>运行没有到达 %1。%2</translation>
    </message>
    <message>
        <source>Click a consumer card to act on it (toolbar, Consumer menu or right-click); hover a card or a tile for details.</source>
        <translation>单击消费者卡片即可对它操作（工具栏、“消费者”菜单或右键菜单）；把鼠标悬停在卡片或方块上可查看详情。</translation>
    </message>
    <message>
        <source>Drop one scenario file at a time.</source>
        <translation>一次只能拖入一个场景文件。</translation>
    </message>
    <message>
        <source>Only files on this computer can be opened: %1</source>
        <translation>只能打开本机上的文件：%1</translation>
    </message>
    <message>
        <source>%1 is not a scenario: scenario files end in .json.</source>
        <translation>%1 不是场景文件：场景文件的扩展名是 .json。</translation>
    </message>
    <message>
        <source>Cannot open the dropped file</source>
        <translation>无法打开拖入的文件</translation>
    </message>
    <message>
        <source>on for %1, a change every %2 on average</source>
        <translation>已为 %1 开启，平均每 %2 变化一次</translation>
    </message>
    <message>
        <source>off</source>
        <translation>已关闭</translation>
    </message>
    <message>
        <source>Autosave failed: %1</source>
        <translation>自动保存失败：%1</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>对比</translation>
    </message>
    <message>
        <source>Workbench</source>
        <translation>策略工作台</translation>
    </message>
    <message>
        <source>Observed: %1 — Rebalance Lab</source>
        <translation>观测：%1 — Rebalance Lab</translation>
    </message>
    <message>
        <source>Observed from client logs: read-only. Play or drag the timeline; Replay in the engine compares it with the model.</source>
        <translation>来自客户端日志的观测：只读。可播放或拖动时间轴；“在引擎中回放”会将其与模型对比。</translation>
    </message>
    <message>
        <source>No consumer &quot;%1&quot; in the run.</source>
        <translation>本次运行中没有消费者“%1”。</translation>
    </message>
    <message>
        <source>%1 — Rebalance Lab</source>
        <translation>%1 — Rebalance Lab</translation>
    </message>
    <message>
        <source>Watching a live group, read-only. Drag the timeline back to see an earlier poll; Fork into the engine tries other strategies from now.</source>
        <translation>正在只读地观察一个实时消费者组。向回拖动时间轴可查看更早的轮询；“分叉到引擎”可从此刻起尝试其他策略。</translation>
    </message>
    <message>
        <source>not answering</source>
        <translation>无应答</translation>
    </message>
    <message>
        <source>left</source>
        <translation>已离开</translation>
    </message>
    <message>
        <source>no answer since %1</source>
        <extracomment>A live group&apos;s card: the client is connected but did not answer the last polls (short: a card&apos;s line).</extracomment>
        <translation>自 %1 起无应答</translation>
    </message>
    <message>
        <source>last seen %1</source>
        <extracomment>A live group&apos;s card: the client is no longer in the group&apos;s connections; its card says &quot;left&quot; in large letters, this line when it was last seen (short).</extracomment>
        <translation>最后见到：%1</translation>
    </message>
    <message>
        <source>A recorded watch, read-only. Play it, or drag the timeline to any poll; Fork into the engine tries other strategies from the poll on screen.</source>
        <translation>一段录制的观察记录，只读。可以播放，或拖动时间轴查看任意一次轮询；“分叉到引擎”会从当前显示的轮询起尝试其他策略。</translation>
    </message>
</context>
<context>
    <name>Rblab::MqadminDialog</name>
    <message>
        <source>Import mqadmin output</source>
        <translation>导入 mqadmin 输出</translation>
    </message>
    <message>
        <source>From file…</source>
        <translation>从文件…</translation>
    </message>
    <message>
        <source>consumerConnection output</source>
        <translation>consumerConnection 输出</translation>
    </message>
    <message>
        <source>Paste the output of: mqadmin consumerConnection -n NAMESRV -g GROUP</source>
        <translation>粘贴以下命令的输出：mqadmin consumerConnection -n NAMESRV -g GROUP</translation>
    </message>
    <message>
        <source>consumerProgress output (optional)</source>
        <translation>consumerProgress 输出（可选）</translation>
    </message>
    <message>
        <source>Paste the output of: mqadmin consumerProgress -n NAMESRV -g GROUP</source>
        <translation>粘贴以下命令的输出：mqadmin consumerProgress -n NAMESRV -g GROUP</translation>
    </message>
    <message>
        <source>Import</source>
        <translation>导入</translation>
    </message>
    <message>
        <source>Open mqadmin output</source>
        <translation>打开 mqadmin 输出</translation>
    </message>
    <message>
        <source>%1 is too large to be mqadmin output.</source>
        <translation>%1 太大，不像是 mqadmin 输出。</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
</context>
<context>
    <name>Rblab::ObservedBanner</name>
    <message>
        <source>Observed from client logs: read-only</source>
        <translation>来自客户端日志的观测：只读</translation>
    </message>
</context>
<context>
    <name>Rblab::ParameterForm</name>
    <message>
        <source>This strategy has no parameters.</source>
        <translation>该策略没有参数。</translation>
    </message>
    <message>
        <source>Allowed: %1</source>
        <translation>允许：%1</translation>
    </message>
    <message>
        <source>(default)</source>
        <translation>（默认）</translation>
    </message>
    <message>
        <source>default: %1</source>
        <translation>默认：%1</translation>
    </message>
    <message>
        <source>required</source>
        <translation>必填</translation>
    </message>
    <message>
        <source>broker-a:0, broker-a:1, …</source>
        <translation>broker-a:0, broker-a:1, …</translation>
    </message>
    <message>
        <source>comma-separated</source>
        <translation>用逗号分隔</translation>
    </message>
    <message>
        <source>%1 must be a number, got &quot;%2&quot;</source>
        <translation>%1 必须是数字，实际为 &quot;%2&quot;</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not broker:queueId</source>
        <translation>%1：&quot;%2&quot; 不是 broker:queueId 格式</translation>
    </message>
    <message>
        <source>Choose a strategy.</source>
        <translation>请选择一个策略。</translation>
    </message>
</context>
<context>
    <name>Rblab::ParameterValidator</name>
    <message>
        <source>%1 must be %2, got %3</source>
        <translation>%1 必须是%2，实际为 %3</translation>
    </message>
    <message>
        <source>%1 must have from %2 to %3 %4, got %5</source>
        <translation>%1 必须有 %2 到 %3 个%4，实际为 %5</translation>
    </message>
    <message>
        <source>%1 must have at least %2 %3, got %4</source>
        <translation>%1 至少要有 %2 个%3，实际为 %4</translation>
    </message>
    <message>
        <source>%1 must have at most %2 %3, got %4</source>
        <translation>%1 最多只能有 %2 个%3，实际为 %4</translation>
    </message>
    <message>
        <source>%1 must be %2, got &quot;%3&quot;</source>
        <translation>%1 必须是%2，实际为 &quot;%3&quot;</translation>
    </message>
    <message>
        <source>%1 must be the name of a loaded strategy, got an empty string</source>
        <translation>%1 必须是已加载策略的名称，实际为空字符串</translation>
    </message>
    <message>
        <source>characters</source>
        <translation>字符</translation>
    </message>
    <message>
        <source>%1[%2] must be a string, got %3</source>
        <translation>%1[%2] 必须是字符串，实际为 %3</translation>
    </message>
    <message>
        <source>entries</source>
        <translation>条目</translation>
    </message>
    <message>
        <source>%1[%2] must be an object {&quot;brokerName&quot;, &quot;queueId&quot;}, got %3</source>
        <translation>%1[%2] 必须是对象 {&quot;brokerName&quot;, &quot;queueId&quot;}，实际为 %3</translation>
    </message>
    <message>
        <source>%1[%2].brokerName must be a non-empty string</source>
        <translation>%1[%2].brokerName 必须是非空字符串</translation>
    </message>
    <message>
        <source>%1[%2].queueId must be an integer from 0 to 2147483647</source>
        <translation>%1[%2].queueId 必须是 0 到 2147483647 之间的整数</translation>
    </message>
    <message>
        <source>%1[%2].topic must be a non-empty string</source>
        <translation>%1[%2].topic 必须是非空字符串</translation>
    </message>
    <message>
        <source>queues</source>
        <translation>队列</translation>
    </message>
    <message>
        <source>%1 takes no parameters, got &quot;%2&quot;</source>
        <translation>%1 不接受参数，实际收到 &quot;%2&quot;</translation>
    </message>
    <message>
        <source>unknown parameter &quot;%1&quot; for %2 (it takes: %3)</source>
        <translation>%2 没有参数 &quot;%1&quot;（它接受：%3）</translation>
    </message>
    <message>
        <source>%1 is required (%2)</source>
        <translation>%1 为必填项（%2）</translation>
    </message>
</context>
<context>
    <name>Rblab::PlaybackBar</name>
    <message>
        <source>(reaching %1)</source>
        <translation>（实际 %1）</translation>
    </message>
    <message>
        <source>The engine cannot keep up with the requested speed; this is the speed it reaches.</source>
        <translation>模拟引擎跟不上所设的速度；这是它实际达到的速度。</translation>
    </message>
    <message>
        <source>Virtual time since the start of the run (minutes:seconds.milliseconds)</source>
        <translation>自运行开始以来的虚拟时间（分:秒.毫秒）</translation>
    </message>
    <message>
        <source>Playback speed: virtual time per wall-clock time, from 0.1× to 1000×</source>
        <translation>播放速度：虚拟时间与真实时间之比，0.1× 到 1000×</translation>
    </message>
</context>
<context>
    <name>Rblab::PluginDialog</name>
    <message>
        <source>Strategy plugins</source>
        <translation>策略插件</translation>
    </message>
    <message numerus="yes">
        <source>%n strategy plugin(s) loaded.</source>
        <translation>
            <numerusform>已加载 %n 个策略插件。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) could not be loaded; hover a row for the reason.</source>
        <translation>
            <numerusform>有 %n 个文件无法加载；把鼠标悬停在该行上可查看原因。</numerusform>
        </translation>
    </message>
    <message>
        <source>No plugin file failed.</source>
        <translation>没有插件文件加载失败。</translation>
    </message>
    <message>
        <source>Strategy</source>
        <translation>策略</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>版本</translation>
    </message>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>详情</translation>
    </message>
    <message>
        <source>loaded</source>
        <translation>已加载</translation>
    </message>
    <message>
        <source>built in</source>
        <translation>内置</translation>
    </message>
</context>
<context>
    <name>Rblab::RealFiguresTable</name>
    <message>
        <source>the kill of %1</source>
        <translation>杀死 %1</translation>
    </message>
    <message>
        <source>the shutdown of %1</source>
        <translation>关闭 %1</translation>
    </message>
    <message>
        <source>the freeze of %1</source>
        <translation>冻结 %1</translation>
    </message>
    <message>
        <source>Last queue taken over after %1 (ms)</source>
        <translation>%1 后最后一个队列被接管（毫秒）</translation>
    </message>
    <message>
        <source>First queue taken over after %1 (ms)</source>
        <translation>%1 后第一个队列被接管（毫秒）</translation>
    </message>
    <message>
        <source>Duplicates (messages)</source>
        <translation>重复消费（消息数）</translation>
    </message>
    <message>
        <source>Double-owned (queue-seconds)</source>
        <translation>重复持有（队列·秒）</translation>
    </message>
    <message>
        <source>Unowned (queue-seconds)</source>
        <translation>无人持有（队列·秒）</translation>
    </message>
    <message>
        <source>Flow-control lines</source>
        <translation>流控日志行数</translation>
    </message>
    <message>
        <source>agrees</source>
        <translation>一致</translation>
    </message>
    <message>
        <source>outside the range</source>
        <translation>超出范围</translation>
    </message>
    <message>
        <source>median too far</source>
        <translation>中位数相差过大</translation>
    </message>
    <message>
        <source>Agrees when the real gap lies inside the engine&apos;s range over %1 seeds, widened by 50 ms of measurement, and the engine&apos;s median is within max(15 %, 150 ms) of the real gap.</source>
        <translation>一致的条件：真实间隔落在引擎 %1 个种子的范围内（两端各放宽 50 毫秒的测量误差），且引擎的中位数与真实间隔相差不超过 max(15 %, 150 毫秒)。</translation>
    </message>
    <message>
        <source>Agrees when the real value lies inside the engine&apos;s range over %1 seeds, widened by 50 ms per queue of measurement.</source>
        <translation>一致的条件：真实值落在引擎 %1 个种子的范围内（每个队列放宽 50 毫秒的测量误差）。</translation>
    </message>
    <message>
        <source>Agrees when the real count lies inside the engine&apos;s range over %1 seeds.</source>
        <translation>一致的条件：真实计数落在引擎 %1 个种子的范围内。</translation>
    </message>
    <message>
        <source>Reading the real run and playing its scenario in the engine over %1 seeds…</source>
        <translation>正在读取真实运行，并用 %1 个种子在引擎中演绎其场景…</translation>
    </message>
    <message>
        <source>%1 … %2</source>
        <translation>%1 … %2</translation>
    </message>
    <message>
        <source>Figure</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>Real</source>
        <translation>真实值</translation>
    </message>
    <message>
        <source>Engine median</source>
        <translation>引擎中位数</translation>
    </message>
    <message>
        <source>Engine range (%1 seeds)</source>
        <translation>引擎范围（%1 个种子）</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>结论</translation>
    </message>
    <message>
        <source>First message back after %1 (ms)</source>
        <translation>%1 之后第一条消息回来（毫秒）</translation>
    </message>
    <message>
        <source>POP redeliveries (messages)</source>
        <translation>POP 重新投递（条）</translation>
    </message>
</context>
<context>
    <name>Rblab::RealRunController</name>
    <message>
        <source>Open a real r&amp;un…</source>
        <translation>打开真实运行(&amp;U)…</translation>
    </message>
    <message>
        <source>Open a folder rblab real-run wrote: what the real RocketMQ did, beside the engine playing the same scenario, figure by figure</source>
        <translation>打开 rblab real-run 写出的文件夹：真实 RocketMQ 的表现，与引擎演绎同一场景逐项对照</translation>
    </message>
    <message>
        <source>Run on a &amp;real RocketMQ…</source>
        <translation>在真实 RocketMQ 上运行(&amp;R)…</translation>
    </message>
    <message>
        <source>Play this scenario on a real RocketMQ on this machine, in real time, and open the run beside the engine</source>
        <translation>在本机的真实 RocketMQ 上按真实时间演绎此场景，并将结果与引擎对照打开</translation>
    </message>
    <message>
        <source>Open a real run</source>
        <translation>打开真实运行</translation>
    </message>
    <message>
        <source>%1 is not a real run&apos;s folder: it has no real-run.json (rblab real-run writes one).</source>
        <translation>%1 不是真实运行的文件夹：其中没有 real-run.json（rblab real-run 会写出它）。</translation>
    </message>
    <message>
        <source>%1 holds no client log (consumers/*/rocketmq_client.log).</source>
        <translation>%1 中没有客户端日志（consumers/*/rocketmq_client.log）。</translation>
    </message>
    <message>
        <source>Real vs engine</source>
        <translation>真实与引擎</translation>
    </message>
    <message>
        <source>Run on a real RocketMQ</source>
        <translation>在真实 RocketMQ 上运行</translation>
    </message>
    <message>
        <source>Cannot create %1.</source>
        <translation>无法创建 %1。</translation>
    </message>
    <message>
        <source>The run was stopped, and every process it started with it. What it recorded is in %1.</source>
        <translation>运行已停止，它启动的所有进程也已停止。已记录的内容在 %1。</translation>
    </message>
    <message>
        <source>The run failed: %1</source>
        <translation>运行失败：%1</translation>
    </message>
</context>
<context>
    <name>Rblab::RealRunDialog</name>
    <message>
        <source>The RocketMQ folder</source>
        <translation>RocketMQ 文件夹</translation>
    </message>
    <message>
        <source>The run&apos;s folder</source>
        <translation>运行的文件夹</translation>
    </message>
    <message>
        <source>Choose the folder of a RocketMQ 4.9 or 5.x (ROCKETMQ_HOME).</source>
        <translation>请选择 RocketMQ 4.9 或 5.x 的文件夹（ROCKETMQ_HOME）。</translation>
    </message>
    <message>
        <source>RocketMQ %1, started with %2</source>
        <translation>RocketMQ %1，使用 %2 启动</translation>
    </message>
    <message>
        <source>A real cluster cannot play this scenario as it is:</source>
        <translation>真实集群无法按原样演绎此场景：</translation>
    </message>
    <message>
        <source>Brokers: %1</source>
        <translation>Broker：%1</translation>
    </message>
    <message numerus="yes">
        <source>Topic %1 on %2: %n queue(s)</source>
        <translation>
            <numerusform>主题 %1 在 %2 上：%n 个队列</numerusform>
        </translation>
    </message>
    <message>
        <source>Consumer %1 starts at %2</source>
        <translation>消费者 %1 于 %2 启动</translation>
    </message>
    <message>
        <source>Change the scenario first: a real run plays it whole or not at all.</source>
        <translation>请先修改场景：真实运行要么完整演绎，要么不运行。</translation>
    </message>
    <message>
        <source>Choose a RocketMQ folder.</source>
        <translation>请选择 RocketMQ 文件夹。</translation>
    </message>
    <message>
        <source>Choose a folder for the run&apos;s logs.</source>
        <translation>请为运行的日志选择文件夹。</translation>
    </message>
    <message>
        <source>%1 is not empty: choose a new folder.</source>
        <translation>%1 不是空的：请选择一个新文件夹。</translation>
    </message>
    <message>
        <source>The run takes %1 in real time, plus the cluster&apos;s start.</source>
        <translation>运行需要真实时间 %1，另加集群启动时间。</translation>
    </message>
    <message>
        <source>Run on a real RocketMQ</source>
        <translation>在真实 RocketMQ 上运行</translation>
    </message>
    <message>
        <source>Plays the scenario on a real RocketMQ on this machine (a name server, its brokers and a Java client per consumer, on loopback), in real time, then opens the run beside the engine.</source>
        <translation>在本机的真实 RocketMQ 上（在回环地址上启动一个 NameServer、场景的 Broker，每个消费者一个 Java 客户端）按真实时间演绎场景，然后将运行结果与引擎对照打开。</translation>
    </message>
    <message>
        <source>RocketMQ folder:</source>
        <translation>RocketMQ 文件夹：</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Run folder:</source>
        <translation>运行文件夹：</translation>
    </message>
    <message>
        <source>What will be done:</source>
        <translation>将要执行的操作：</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>开始</translation>
    </message>
</context>
<context>
    <name>Rblab::RealRunProgressDialog</name>
    <message>
        <source>Running on a real RocketMQ</source>
        <translation>正在真实 RocketMQ 上运行</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Stop the run: every process it started is stopped</source>
        <translation>停止运行：它启动的所有进程都会停止</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>正在停止…</translation>
    </message>
    <message>
        <source>Stopping every process the run started…</source>
        <translation>正在停止运行启动的所有进程…</translation>
    </message>
    <message>
        <source>%1 of %2 (real time)</source>
        <translation>%1 / %2（真实时间）</translation>
    </message>
</context>
<context>
    <name>Rblab::RecentFiles</name>
    <message>
        <source>No recent files</source>
        <translation>没有最近打开的文件</translation>
    </message>
    <message>
        <source>Clear list</source>
        <translation>清空列表</translation>
    </message>
</context>
<context>
    <name>Rblab::ReportWriter</name>
    <message>
        <source>cannot create the folder %1</source>
        <translation>无法创建文件夹 %1</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>cannot read the samples back</source>
        <translation>无法读回采样数据</translation>
    </message>
    <message>
        <source>cannot read the events back</source>
        <translation>无法读回事件数据</translation>
    </message>
</context>
<context>
    <name>Rblab::RingDiagram</name>
    <message>
        <source>%1 nodes · %2 queues</source>
        <translation>%1 个节点 · %2 个队列</translation>
    </message>
</context>
<context>
    <name>Rblab::SampleSpool</name>
    <message>
        <source>cannot create a temporary file for the samples in %1: %2</source>
        <translation>无法在 %1 中为采样数据创建临时文件：%2</translation>
    </message>
    <message>
        <source>cannot write the samples to %1: %2</source>
        <translation>无法把采样数据写入 %1：%2</translation>
    </message>
    <message>
        <source>the samples in %1 are truncated</source>
        <translation>%1 中的采样数据不完整</translation>
    </message>
</context>
<context>
    <name>Rblab::SaveFile</name>
    <message>
        <source>not every byte was written (is the disk full?)</source>
        <translation>未能写入全部字节（磁盘是否已满？）</translation>
    </message>
    <message>
        <source>it is a directory</source>
        <translation>这是一个目录</translation>
    </message>
</context>
<context>
    <name>Rblab::ScenarioDuration</name>
    <message>
        <source>a duration such as &quot;250ms&quot;, &quot;1.5s&quot;, &quot;5m&quot; or a number of milliseconds</source>
        <translation>时长，如 &quot;250ms&quot;、&quot;1.5s&quot;、&quot;5m&quot; 或毫秒数</translation>
    </message>
</context>
<context>
    <name>Rblab::ScenarioInfoView</name>
    <message>
        <source>%1: %2 queues, %3 msg/s</source>
        <translation>%1：%2 个队列，%3 条/秒</translation>
    </message>
    <message>
        <source>%1: %2 consumers, %3, %4</source>
        <translation>%1：%2 个消费者，%3，%4</translation>
    </message>
    <message>
        <source>Brokers:</source>
        <translation>Broker：</translation>
    </message>
    <message>
        <source>Topics:</source>
        <translation>Topic：</translation>
    </message>
    <message>
        <source>Groups:</source>
        <translation>消费者组：</translation>
    </message>
    <message>
        <source>Profile:</source>
        <translation>客户端版本：</translation>
    </message>
    <message>
        <source>seed %1</source>
        <translation>随机种子 %1</translation>
    </message>
    <message numerus="yes">
        <source>%n command(s) recorded in this session.</source>
        <translation>
            <numerusform>本次会话记录了 %n 条操作。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Rblab::ScenarioReader</name>
    <message>
        <source>expected a churn object such as {&quot;group&quot;: …, &quot;meanInterval&quot;: &quot;45s&quot;, &quot;actions&quot;: {&quot;join&quot;: 1, &quot;kill&quot;: 1}}, got %1</source>
        <translation>应为扰动对象，如 {&quot;group&quot;: …, &quot;meanInterval&quot;: &quot;45s&quot;, &quot;actions&quot;: {&quot;join&quot;: 1, &quot;kill&quot;: 1}}，实际为 %1</translation>
    </message>
    <message>
        <source>churn</source>
        <translation>扰动</translation>
    </message>
    <message>
        <source>group</source>
        <translation>消费者组</translation>
    </message>
    <message>
        <source>an object of action weights such as {&quot;join&quot;: 3, &quot;kill&quot;: 1}</source>
        <translation>操作权重对象，如 {&quot;join&quot;: 3, &quot;kill&quot;: 1}</translation>
    </message>
    <message>
        <source>expected an object of action weights such as {&quot;join&quot;: 3, &quot;kill&quot;: 1}, got %1</source>
        <translation>应为操作权重对象，如 {&quot;join&quot;: 3, &quot;kill&quot;: 1}，实际为 %1</translation>
    </message>
    <message>
        <source>unknown churn action &quot;%1&quot; (expected %2)</source>
        <translation>未知的扰动操作 &quot;%1&quot;（应为 %2）</translation>
    </message>
    <message>
        <source>expected at least one action with a weight above 0</source>
        <translation>至少要有一个权重大于 0 的操作</translation>
    </message>
    <message>
        <source>expected minConsumers (%1) to be at most maxConsumers (%2)</source>
        <translation>minConsumers（%1）不能大于 maxConsumers（%2）</translation>
    </message>
    <message>
        <source>expected a consumer object such as {&quot;id&quot;: &quot;10.0.0.1@1001&quot;}, got %1</source>
        <translation>应为消费者对象，如 {&quot;id&quot;: &quot;10.0.0.1@1001&quot;}，实际为 %1</translation>
    </message>
    <message>
        <source>a consumer</source>
        <translation>消费者</translation>
    </message>
    <message>
        <source>expected an object of strategy parameters, got %1</source>
        <translation>应为策略参数对象，实际为 %1</translation>
    </message>
    <message>
        <source>client settings</source>
        <translation>客户端配置</translation>
    </message>
    <message>
        <source>&quot;start&quot; is not used in a join: the consumer starts at the event&apos;s time (ignored)</source>
        <translation>join 中不使用 &quot;start&quot;：消费者在事件时刻启动（已忽略）</translation>
    </message>
    <message>
        <source>a consume time</source>
        <translation>消费耗时</translation>
    </message>
    <message>
        <source>a lognormal consume time needs a mean above 0ms</source>
        <translation>对数正态分布的消费耗时需要大于 0ms 的均值</translation>
    </message>
    <message>
        <source>expected a p99 above the mean (%1) for a lognormal consume time, got %2</source>
        <translation>对数正态分布的消费耗时的 p99 应大于均值（%1），实际为 %2</translation>
    </message>
    <message>
        <source>p99 is only used by the lognormal distribution</source>
        <translation>p99 只用于对数正态分布</translation>
    </message>
    <message>
        <source>expected {&quot;probability&quot;: p, &quot;time&quot;: duration}, got %1</source>
        <translation>应为 {&quot;probability&quot;: p, &quot;time&quot;: 时长}，实际为 %1</translation>
    </message>
    <message>
        <source>a stall</source>
        <translation>卡顿设置</translation>
    </message>
    <message numerus="yes">
        <source>%n more problem(s) not shown</source>
        <translation>
            <numerusform>另有 %n 个问题未显示</numerusform>
        </translation>
    </message>
    <message>
        <source>expected an array of events, got %1</source>
        <translation>应为事件数组，实际为 %1</translation>
    </message>
    <message>
        <source>expected an event object such as {&quot;at&quot;: &quot;60s&quot;, &quot;action&quot;: &quot;kill&quot;, &quot;consumer&quot;: &quot;10.0.0.1@1001&quot;}, got %1</source>
        <translation>应为事件对象，如 {&quot;at&quot;: &quot;60s&quot;, &quot;action&quot;: &quot;kill&quot;, &quot;consumer&quot;: &quot;10.0.0.1@1001&quot;}，实际为 %1</translation>
    </message>
    <message>
        <source>missing required field &quot;action&quot; in an event (expected one of %1)</source>
        <translation>事件缺少必填字段 &quot;action&quot;（应为 %1 之一）</translation>
    </message>
    <message>
        <source>a &quot;%1&quot; event</source>
        <translation>&quot;%1&quot; 事件</translation>
    </message>
    <message>
        <source>field &quot;%1&quot; is not used by the action &quot;%2&quot; (ignored)</source>
        <translation>操作 &quot;%2&quot; 不使用字段 &quot;%1&quot;（已忽略）</translation>
    </message>
    <message>
        <source>topic</source>
        <translation>Topic</translation>
    </message>
    <message>
        <source>broker</source>
        <translation>Broker</translation>
    </message>
    <message>
        <source>a consumer object such as {&quot;id&quot;: &quot;10.0.0.9@1009&quot;}</source>
        <translation>消费者对象，如 {&quot;id&quot;: &quot;10.0.0.9@1009&quot;}</translation>
    </message>
    <message>
        <source>expected a non-empty array of broker names (leave &quot;brokers&quot; out for all brokers), got %1</source>
        <translation>应为非空的 Broker 名称数组（省略 &quot;brokers&quot; 表示所有 Broker），实际为 %1</translation>
    </message>
    <message>
        <source>broker &quot;%1&quot; is listed twice</source>
        <translation>Broker &quot;%1&quot; 列出了两次</translation>
    </message>
    <message>
        <source>a duration</source>
        <translation>时长</translation>
    </message>
    <message>
        <source>an object of client settings</source>
        <translation>客户端配置对象</translation>
    </message>
    <message>
        <source>expected at least one client setting, got an empty object</source>
        <translation>至少要有一项客户端配置，实际为空对象</translation>
    </message>
    <message>
        <source>expected a non-empty array of consumer groups, got %1</source>
        <translation>应为非空的消费者组数组，实际为 %1</translation>
    </message>
    <message>
        <source>expected a group object, got %1</source>
        <translation>应为消费者组对象，实际为 %1</translation>
    </message>
    <message>
        <source>a group</source>
        <translation>消费者组</translation>
    </message>
    <message>
        <source>expected a group name of letters, digits, &apos;%&apos;, &apos;|&apos;, &apos;_&apos; or &apos;-&apos; (at most %1 characters), got %2</source>
        <translation>消费者组名称只能包含字母、数字、&apos;%&apos;、&apos;|&apos;、&apos;_&apos; 或 &apos;-&apos;（最多 %1 个字符），实际为 %2</translation>
    </message>
    <message>
        <source>an array of topic names</source>
        <translation>Topic 名称数组</translation>
    </message>
    <message>
        <source>consumeTimestamp is only used with CONSUME_FROM_TIMESTAMP</source>
        <translation>consumeTimestamp 只在 CONSUME_FROM_TIMESTAMP 时使用</translation>
    </message>
    <message>
        <source>an array of consumers, possibly empty</source>
        <translation>消费者数组（可以为空）</translation>
    </message>
    <message>
        <source>expected an array of consumers, got %1</source>
        <translation>应为消费者数组，实际为 %1</translation>
    </message>
    <message>
        <source>expected a non-empty array of topic names, got %1</source>
        <translation>应为非空的 Topic 名称数组，实际为 %1</translation>
    </message>
    <message>
        <source>topic &quot;%1&quot; is listed twice (first at line %2, column %3)</source>
        <translation>Topic &quot;%1&quot; 列出了两次（首次在第 %2 行第 %3 列）</translation>
    </message>
    <message>
        <source>missing required field &quot;%1&quot; in %2</source>
        <translation>%2 缺少必填字段 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>missing required field &quot;%1&quot; in %2 (expected %3)</source>
        <translation>%2 缺少必填字段 &quot;%1&quot;（应为 %3）</translation>
    </message>
    <message>
        <source>a string</source>
        <translation>字符串</translation>
    </message>
    <message>
        <source>a non-empty string</source>
        <translation>非空字符串</translation>
    </message>
    <message>
        <source>true or false</source>
        <translation>true 或 false</translation>
    </message>
    <message>
        <source>a number</source>
        <translation>数字</translation>
    </message>
    <message>
        <source>an integer</source>
        <translation>整数</translation>
    </message>
    <message>
        <source>one of %1</source>
        <translation>%1 之一</translation>
    </message>
    <message>
        <source>line %1, column %2</source>
        <translation>第 %1 行第 %2 列</translation>
    </message>
    <message numerus="yes">
        <source>%1 and %n more</source>
        <translation>
            <numerusform>%1 等另外 %n 个</numerusform>
        </translation>
    </message>
    <message>
        <source>duplicate %1 name &quot;%2&quot; (first at %3)</source>
        <translation>重复的%1名称 &quot;%2&quot;（首次出现在 %3）</translation>
    </message>
    <message>
        <source>none is declared</source>
        <translation>没有声明任何一个</translation>
    </message>
    <message>
        <source>declared: %1</source>
        <translation>已声明：%1</translation>
    </message>
    <message>
        <source>unknown %1 &quot;%2&quot; (%3)</source>
        <translation>未知的%1 &quot;%2&quot;（%3）</translation>
    </message>
    <message>
        <source>duplicate consumer name &quot;%1&quot; (first at %2); consumers that share a client id need distinct &quot;name&quot;s</source>
        <translation>重复的消费者名称 &quot;%1&quot;（首次出现在 %2）；共用客户端 ID 的消费者需要不同的 &quot;name&quot;</translation>
    </message>
    <message>
        <source>unknown consumer &quot;%1&quot; (%2)</source>
        <translation>未知的消费者 &quot;%1&quot;（%2）</translation>
    </message>
    <message>
        <source>consumer &quot;%1&quot; joins only at %2 (%3), after this event at %4</source>
        <translation>消费者 &quot;%1&quot; 要到 %2（%3）才加入，晚于本事件的 %4</translation>
    </message>
    <message>
        <source>consumer &quot;%1&quot; is in group &quot;%2&quot;, not in &quot;%3&quot;</source>
        <translation>消费者 &quot;%1&quot; 属于消费者组 &quot;%2&quot;，而不是 &quot;%3&quot;</translation>
    </message>
    <message>
        <source>cannot open the file: %1</source>
        <translation>无法打开文件：%1</translation>
    </message>
    <message>
        <source>the file is %1 bytes long; a scenario file is at most %2 bytes</source>
        <translation>文件大小为 %1 字节；场景文件最大为 %2 字节</translation>
    </message>
    <message>
        <source>cannot read the file: %1</source>
        <translation>无法读取文件：%1</translation>
    </message>
    <message>
        <source>expected a scenario object {…} at the top level, got %1</source>
        <translation>顶层应为场景对象 {…}，实际为 %1</translation>
    </message>
    <message>
        <source>missing required field &quot;format&quot; (expected &quot;%1&quot;)</source>
        <translation>缺少必填字段 &quot;format&quot;（应为 &quot;%1&quot;）</translation>
    </message>
    <message>
        <source>expected &quot;%1&quot;, got %2</source>
        <translation>应为 &quot;%1&quot;，实际为 %2</translation>
    </message>
    <message>
        <source>this file was made by a newer version of Rebalance Lab (format &quot;%1&quot;); this version reads &quot;%2&quot;</source>
        <translation>此文件由更新版本的 Rebalance Lab 创建（格式 &quot;%1&quot;）；当前版本只能读取 &quot;%2&quot;</translation>
    </message>
    <message>
        <source>expected &quot;%1&quot;, got %2; this is not a scenario file of a known version</source>
        <translation>应为 &quot;%1&quot;，实际为 %2；这不是已知版本的场景文件</translation>
    </message>
    <message>
        <source>the scenario</source>
        <translation>场景</translation>
    </message>
    <message>
        <source>expected an integer from 0 to %1, got %2</source>
        <translation>应为 0 到 %1 之间的整数，实际为 %2</translation>
    </message>
    <message>
        <source>expected an object such as {&quot;latency&quot;: &quot;1ms&quot;}, got %1</source>
        <translation>应为对象，如 {&quot;latency&quot;: &quot;1ms&quot;}，实际为 %1</translation>
    </message>
    <message>
        <source>the network settings</source>
        <translation>网络设置</translation>
    </message>
    <message>
        <source>broker settings</source>
        <translation>Broker 配置</translation>
    </message>
    <message>
        <source>an array of broker names</source>
        <translation>Broker 名称数组</translation>
    </message>
    <message>
        <source>an array of topics</source>
        <translation>Topic 数组</translation>
    </message>
    <message>
        <source>an array of consumer groups</source>
        <translation>消费者组数组</translation>
    </message>
    <message>
        <source>expected a string or an object of language → text such as {&quot;en&quot;: …, &quot;zh_CN&quot;: …}, got %1</source>
        <translation>应为字符串，或“语言 → 文本”的对象，如 {&quot;en&quot;: …, &quot;zh_CN&quot;: …}，实际为 %1</translation>
    </message>
    <message>
        <source>expected a non-empty array of broker names, got %1</source>
        <translation>应为非空的 Broker 名称数组，实际为 %1</translation>
    </message>
    <message>
        <source>expected a non-empty array of topics, got %1</source>
        <translation>应为非空的 Topic 数组，实际为 %1</translation>
    </message>
    <message>
        <source>expected a topic object, got %1</source>
        <translation>应为 Topic 对象，实际为 %1</translation>
    </message>
    <message>
        <source>a topic</source>
        <translation>Topic</translation>
    </message>
    <message>
        <source>expected a topic name of letters, digits, &apos;%&apos;, &apos;|&apos;, &apos;_&apos; or &apos;-&apos; (at most %1 characters), got %2</source>
        <translation>Topic 名称只能包含字母、数字、&apos;%&apos;、&apos;|&apos;、&apos;_&apos; 或 &apos;-&apos;（最多 %1 个字符），实际为 %2</translation>
    </message>
    <message>
        <source>an object of broker name → queue count</source>
        <translation>“Broker 名称 → 队列数”对象</translation>
    </message>
    <message>
        <source>expected an object of broker name → queue count such as {&quot;broker-a&quot;: 8}, got %1</source>
        <translation>应为“Broker 名称 → 队列数”对象，如 {&quot;broker-a&quot;: 8}，实际为 %1</translation>
    </message>
    <message>
        <source>a message size range</source>
        <translation>消息大小范围</translation>
    </message>
    <message>
        <source>expected max to be at least min (%1), got %2</source>
        <translation>max 应不小于 min（%1），实际为 %2</translation>
    </message>
    <message>
        <source>expected a number of bytes from 1 to %1 or {&quot;min&quot;: …, &quot;max&quot;: …}, got %2</source>
        <translation>应为 1 到 %1 之间的字节数或 {&quot;min&quot;: …, &quot;max&quot;: …}，实际为 %2</translation>
    </message>
    <message>
        <source>expected %1, got %2</source>
        <translation>应为%1，实际为 %2</translation>
    </message>
    <message>
        <source>expected true or false, got %1</source>
        <translation>应为 true 或 false，实际为 %1</translation>
    </message>
    <message>
        <source>%1 of at least %2</source>
        <translation>至少为 %2 的%1</translation>
    </message>
    <message>
        <source>%1 from %2 to %3</source>
        <translation>%2 到 %3 之间的%1</translation>
    </message>
    <message>
        <source>expected a whole number of milliseconds, got %1</source>
        <translation>应为整数毫秒，实际为 %1</translation>
    </message>
    <message>
        <source>expected a duration from %1 to %2, got %3</source>
        <translation>应为 %1 到 %2 之间的时长，实际为 %3</translation>
    </message>
    <message>
        <source>expected one of %1, got %2</source>
        <translation>应为 %1 之一，实际为 %2</translation>
    </message>
    <message>
        <source>expected %1 (%2), got %3</source>
        <translation>应为%1（%2），实际为 %3</translation>
    </message>
    <message>
        <source>expected an object of %1, got %2</source>
        <translation>应为%1对象，实际为 %2</translation>
    </message>
    <message>
        <source>unknown field &quot;%1&quot; in %2 is ignored</source>
        <translation>%2 中的未知字段 &quot;%1&quot; 已忽略</translation>
    </message>
    <message>
        <source>; did you mean &quot;%1&quot;?</source>
        <translation>；是不是想写 &quot;%1&quot;？</translation>
    </message>
    <message>
        <source>%1 or %2</source>
        <translation>%1 或 %2</translation>
    </message>
    <message>
        <source>an object of broker settings</source>
        <translation>Broker 配置对象</translation>
    </message>
    <message>
        <source>expected at least one broker setting, got an empty object</source>
        <translation>至少需要一项 Broker 配置，实际为空对象</translation>
    </message>
    <message>
        <source>a churn object as at the top level, or null to stop the churn</source>
        <translation>与顶层相同的扰动对象，或用 null 停止扰动</translation>
    </message>
    <message>
        <source>expected an object of language → name such as {&quot;zh_CN&quot;: …}, got %1</source>
        <translation>应为“语言 → 名称”的对象，如 {&quot;zh_CN&quot;: …}，实际为 %1</translation>
    </message>
    <message>
        <source>%1 events; the ceiling is %2 (scenario-format.md, &quot;Limits&quot;)</source>
        <translation>%1 个事件；上限为 %2（见 scenario-format.md 的“Limits”一节）</translation>
    </message>
    <message>
        <source>%1 groups; the ceiling is %2 (scenario-format.md, &quot;Limits&quot;)</source>
        <translation>%1 个消费者组；上限为 %2（见 scenario-format.md 的“Limits”一节）</translation>
    </message>
    <message>
        <source>%1 consumers; the ceiling is %2 per group (scenario-format.md, &quot;Limits&quot;)</source>
        <translation>%1 个消费者；每组上限为 %2（见 scenario-format.md 的“Limits”一节）</translation>
    </message>
    <message>
        <source>the file is longer than %1 bytes; a scenario file is at most %1 bytes</source>
        <translation>文件超过 %1 字节；场景文件最大为 %1 字节</translation>
    </message>
    <message>
        <source> (scenario-format.md, &quot;Limits&quot;)</source>
        <translation>（见 scenario-format.md 的“Limits”一节）</translation>
    </message>
    <message>
        <source>%1 queues in all (%RETRY% queues and the largest setQueues counts included); the ceiling is %2</source>
        <translation>共 %1 个队列（含 %RETRY% 队列及 setQueues 的最大数量）；上限为 %2</translation>
    </message>
    <message>
        <source>the groups subscribe %1 queues in all (a topic&apos;s queues count once for each group subscribing it, %RETRY% queues included); the ceiling is %2</source>
        <translation>各消费者组共订阅 %1 个队列（一个 Topic 的队列按订阅它的组各计一次，含 %RETRY% 队列）；上限为 %2</translation>
    </message>
    <message>
        <source>%1 messages per second produced in all (the largest setProduceRate rates included); the ceiling is %2</source>
        <translation>总生产速率为每秒 %1 条消息（含 setProduceRate 的最大速率）；上限为 %2</translation>
    </message>
    <message>
        <source>group &quot;%1&quot; reaches %2 consumers with its joins; the ceiling is %3 per group</source>
        <translation>消费者组 &quot;%1&quot; 算上加入的成员共有 %2 个消费者；每组上限为 %3</translation>
    </message>
    <message>
        <source>%1 consumers in all groups and joins; the ceiling is %2</source>
        <translation>所有组及加入的成员共 %1 个消费者；上限为 %2</translation>
    </message>
    <message>
        <source>%1 consumers registering with %2 brokers make %3 connections; the ceiling is %4</source>
        <translation>%1 个消费者向 %2 个 Broker 注册，共 %3 条连接；上限为 %4</translation>
    </message>
    <message>
        <source>%1 queues and %2 consumers sampled every %3 ms make %4 sample rows per virtual minute; the ceiling is %5: sample every %6 ms or less often</source>
        <translation>%1 个队列和 %2 个消费者每 %3 毫秒采样一次，每虚拟分钟产生 %4 行样本；上限为 %5：请把采样间隔设为 %6 毫秒或更长</translation>
    </message>
    <message>
        <source>%1 brokers; the ceiling is %2 (scenario-format.md, &quot;Limits&quot;)</source>
        <translation>%1 个 Broker；上限为 %2（见 scenario-format.md 的“Limits”一节）</translation>
    </message>
    <message>
        <source>%1 topics; the ceiling is %2 (scenario-format.md, &quot;Limits&quot;)</source>
        <translation>%1 个 Topic；上限为 %2（见 scenario-format.md 的“Limits”一节）</translation>
    </message>
    <message>
        <source>expected an array of notes such as [{&quot;at&quot;: &quot;2m&quot;, &quot;note&quot;: {&quot;en&quot;: …}}], got %1</source>
        <translation>应为注释数组，例如 [{&quot;at&quot;: &quot;2m&quot;, &quot;note&quot;: {&quot;en&quot;: …}}]，实际为 %1</translation>
    </message>
    <message>
        <source>%1 notes; the ceiling is %2 (scenario-format.md, &quot;Limits&quot;)</source>
        <translation>%1 条注释；上限为 %2（scenario-format.md，“Limits”）</translation>
    </message>
    <message>
        <source>expected a note object such as {&quot;at&quot;: &quot;2m&quot;, &quot;note&quot;: {&quot;en&quot;: …}}, got %1</source>
        <translation>应为注释对象，例如 {&quot;at&quot;: &quot;2m&quot;, &quot;note&quot;: {&quot;en&quot;: …}}，实际为 %1</translation>
    </message>
    <message>
        <source>a note</source>
        <translation>注释</translation>
    </message>
    <message>
        <source>a text, or an object of language → text such as {&quot;en&quot;: …, &quot;zh_CN&quot;: …}</source>
        <translation>一段文字，或“语言 → 文字”的对象，例如 {&quot;en&quot;: …, &quot;zh_CN&quot;: …}</translation>
    </message>
    <message>
        <source>a note of %1 characters; the ceiling is %2 (scenario-format.md, &quot;Limits&quot;)</source>
        <translation>注释长 %1 个字符；上限为 %2（scenario-format.md，“Limits”）</translation>
    </message>
    <message>
        <source>expected a non-empty note, got &quot;&quot;</source>
        <translation>注释不能为空，实际为 &quot;&quot;</translation>
    </message>
    <message>
        <source>expected a text or a non-empty object of language → text such as {&quot;en&quot;: …, &quot;zh_CN&quot;: …}, got %1</source>
        <translation>应为一段文字或非空的“语言 → 文字”对象，例如 {&quot;en&quot;: …, &quot;zh_CN&quot;: …}，实际为 %1</translation>
    </message>
    <message>
        <source>expected an array of consumer names and queue labels such as [&quot;c1&quot;, &quot;broker-a/3&quot;], got %1</source>
        <translation>应为消费者名称和队列标签的数组，例如 [&quot;c1&quot;, &quot;broker-a/3&quot;]，实际为 %1</translation>
    </message>
    <message>
        <source>%1 ids; the ceiling is %2 (scenario-format.md, &quot;Limits&quot;)</source>
        <translation>%1 个标识；上限为 %2（scenario-format.md，“Limits”）</translation>
    </message>
    <message>
        <source>expected a consumer name or a queue label &quot;broker/queueId&quot; or &quot;topic/broker/queueId&quot; (queueId from 0 to %1), got &quot;%2&quot;</source>
        <translation>应为消费者名称，或队列标签 &quot;broker/queueId&quot; 或 &quot;topic/broker/queueId&quot;（queueId 为 0 到 %1），实际为 &quot;%2&quot;</translation>
    </message>
    <message>
        <source>a topic history</source>
        <translation>主题的历史消息</translation>
    </message>
    <message>
        <source>expected {&quot;messages&quot;: …, &quot;inMemory&quot;: true|false}, got %1</source>
        <translation>应为 {&quot;messages&quot;: …, &quot;inMemory&quot;: true|false}，实际为 %1</translation>
    </message>
    <message>
        <source>expected an array of queues as &quot;topic/broker/queueId&quot;, got %1</source>
        <translation>应为形如 &quot;topic/broker/queueId&quot; 的队列数组，实际为 %1</translation>
    </message>
    <message>
        <source>a consumer that holds queues is running when the run starts: its start must be 0s</source>
        <translation>持有队列的消费者在运行开始时就已在运行：其 start 必须为 0s</translation>
    </message>
    <message>
        <source>expected a queue of the group&apos;s topics as &quot;topic/broker/queueId&quot; (topics: %1), got &quot;%2&quot;</source>
        <translation>应为该消费组所订阅 Topic 的队列，形如 &quot;topic/broker/queueId&quot;（Topic：%1），实际为 &quot;%2&quot;</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is listed twice</source>
        <translation>&quot;%1&quot; 重复列出</translation>
    </message>
    <message>
        <source>expected an object of &quot;topic/broker/queueId&quot; → committed offset, got %1</source>
        <translation>应为 &quot;topic/broker/queueId&quot; → 已提交位点的对象，实际为 %1</translation>
    </message>
    <message>
        <source>expected an object of &quot;broker/queueId&quot; → messages, got %1</source>
        <translation>应为 &quot;broker/queueId&quot; → 消息数的对象，实际为 %1</translation>
    </message>
    <message>
        <source>expected a queue of this topic as &quot;broker/queueId&quot; (a broker of its queues and an id below its count), got &quot;%1&quot;</source>
        <translation>应为该 Topic 的队列，形如 &quot;broker/queueId&quot;（Broker 须在其 queues 中，队列 ID 须小于该 Broker 的队列数），实际为 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>consumer group %1 already has a consumer in client instance %2 (instanceName &quot;%3&quot;, at %4): RocketMQ refuses it, &quot;The consumer group[%1] has been created before&quot;</source>
        <translation>消费者组 %1 在客户端实例 %2（instanceName &quot;%3&quot;，见 %4）中已有一个消费者：RocketMQ 会拒绝它，“The consumer group[%1] has been created before”</translation>
    </message>
    <message>
        <source>popShareQueueNum is only used with messageRequestMode POP</source>
        <translation>popShareQueueNum 仅在 messageRequestMode 为 POP 时使用</translation>
    </message>
    <message>
        <source>%1 is only used with consumerType simple</source>
        <translation>%1 仅在 consumerType 为 simple 时使用</translation>
    </message>
    <message>
        <source>a SimpleConsumer group is CLUSTERING (gRPC clients have no BROADCASTING)</source>
        <translation>SimpleConsumer 消费组只能是集群模式（gRPC 客户端没有广播模式）</translation>
    </message>
    <message>
        <source>POP is ignored for a BROADCASTING group (RocketMQ rebalances it on the client)</source>
        <translation>广播（BROADCASTING）消费组忽略 POP（RocketMQ 在客户端为其重平衡）</translation>
    </message>
    <message>
        <source>POP is ignored for an ORDERLY group (RocketMQ rebalances it on the client)</source>
        <translation>顺序（ORDERLY）消费组忽略 POP（RocketMQ 在客户端为其重平衡）</translation>
    </message>
    <message>
        <source>%1 queue 0</source>
        <translation>%1 的队列 0</translation>
    </message>
    <message>
        <source>%1 queues 0..%2</source>
        <translation>%1 的队列 0..%2</translation>
    </message>
    <message>
        <source>%1 has no queue %2 on %3 (its queues: %4)</source>
        <translation>%1 在 %3 上没有队列 %2（它的队列：%4）</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
</context>
<context>
    <name>Rblab::ScenarioWriter</name>
    <message>
        <source>cannot save &quot;%1&quot;: %2</source>
        <translation>无法保存 &quot;%1&quot;：%2</translation>
    </message>
</context>
<context>
    <name>Rblab::ScorecardFigure</name>
    <message>
        <source>busiest / mean queues (time-weighted)</source>
        <translation>最忙消费者队列数 / 平均（按时间加权）</translation>
    </message>
    <message>
        <source>spread max − min (time-weighted)</source>
        <translation>极差 最多 − 最少（按时间加权）</translation>
    </message>
    <message>
        <source>spread max − min (worst sample)</source>
        <translation>极差 最多 − 最少（最差采样）</translation>
    </message>
    <message>
        <source>idle consumer-seconds</source>
        <translation>空闲消费者·秒</translation>
    </message>
    <message>
        <source>queue moves</source>
        <translation>队列迁移次数</translation>
    </message>
    <message>
        <source>moves per membership change</source>
        <translation>每次成员变化的迁移数</translation>
    </message>
    <message>
        <source>moves / lower bound</source>
        <translation>迁移数 / 下界</translation>
    </message>
    <message>
        <source>unowned queue-seconds</source>
        <translation>无人持有的队列·秒</translation>
    </message>
    <message>
        <source>orphaned queue-seconds (until the first pull)</source>
        <translation>孤儿队列·秒（直到首次拉取）</translation>
    </message>
    <message>
        <source>double-owned queue-seconds</source>
        <translation>重复持有的队列·秒</translation>
    </message>
    <message>
        <source>duplicates (world)</source>
        <translation>重复消费（全局）</translation>
    </message>
    <message>
        <source>lost (world, must be 0)</source>
        <translation>丢失（全局，必须为 0）</translation>
    </message>
    <message>
        <source>redelivered (pop)</source>
        <translation>重新投递（POP）</translation>
    </message>
    <message>
        <source>peak cached messages per consumer</source>
        <translation>单个消费者缓存消息峰值</translation>
    </message>
    <message>
        <source>peak cached MiB per consumer</source>
        <translation>单个消费者缓存 MiB 峰值</translation>
    </message>
    <message>
        <source>flow-control holds: count</source>
        <translation>流控暂停：数量</translation>
    </message>
    <message>
        <source>flow-control holds: size</source>
        <translation>流控暂停：大小</translation>
    </message>
    <message>
        <source>flow-control holds: span</source>
        <translation>流控暂停：跨度</translation>
    </message>
    <message>
        <source>lag p50 (messages)</source>
        <translation>堆积 p50（消息数）</translation>
    </message>
    <message>
        <source>lag p99 (messages)</source>
        <translation>堆积 p99（消息数）</translation>
    </message>
    <message>
        <source>lag max (messages)</source>
        <translation>堆积最大值（消息数）</translation>
    </message>
</context>
<context>
    <name>Rblab::SessionAutosave</name>
    <message>
        <source>Cannot create the autosave folder %1</source>
        <translation>无法创建自动保存目录 %1</translation>
    </message>
    <message>
        <source>Cannot lock %1</source>
        <translation>无法锁定 %1</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
</context>
<context>
    <name>Rblab::Settings</name>
    <message>
        <source>Cached messages per queue</source>
        <translation>单队列缓存消息数上限</translation>
    </message>
    <message>
        <source>Cached MiB per queue</source>
        <translation>单队列缓存大小上限（MiB）</translation>
    </message>
    <message>
        <source>Cached messages per topic</source>
        <translation>单 Topic 缓存消息数上限</translation>
    </message>
    <message>
        <source>Cached MiB per topic</source>
        <translation>单 Topic 缓存大小上限（MiB）</translation>
    </message>
    <message>
        <source>Max offset span in cache</source>
        <translation>缓存中最大位点跨度</translation>
    </message>
    <message>
        <source>Messages per pull</source>
        <translation>每次拉取的消息数</translation>
    </message>
    <message>
        <source>Pause between pulls</source>
        <translation>两次拉取的间隔</translation>
    </message>
    <message>
        <source>Messages per listener call</source>
        <translation>每次回调的消息数</translation>
    </message>
    <message>
        <source>Consume threads</source>
        <translation>消费线程数</translation>
    </message>
    <message>
        <source>Retries before the DLQ</source>
        <translation>进入死信队列前的重试次数</translation>
    </message>
    <message>
        <source>Orderly suspend time</source>
        <translation>顺序消费挂起时间</translation>
    </message>
    <message>
        <source>Route refresh interval</source>
        <translation>路由刷新间隔</translation>
    </message>
    <message>
        <source>Heartbeat interval</source>
        <translation>心跳间隔</translation>
    </message>
    <message>
        <source>Offset commit interval</source>
        <translation>消费位点提交间隔</translation>
    </message>
    <message>
        <source>Retry delay after a pull error</source>
        <translation>拉取出错后的重试延迟</translation>
    </message>
    <message>
        <source>Periodic rebalance interval</source>
        <translation>定时重平衡间隔</translation>
    </message>
    <message>
        <source>Minimum time between rebalances</source>
        <translation>两次重平衡的最小间隔</translation>
    </message>
    <message>
        <source>Silent connection expiry</source>
        <translation>静默连接过期时间</translation>
    </message>
    <message>
        <source>Expiry scan interval</source>
        <translation>过期扫描间隔</translation>
    </message>
    <message>
        <source>Notify consumers of membership changes</source>
        <translation>消费者变化时通知消费者</translation>
    </message>
    <message>
        <source>Long polling</source>
        <translation>长轮询</translation>
    </message>
    <message>
        <source>Long-poll hold time</source>
        <translation>长轮询挂起时间</translation>
    </message>
    <message>
        <source>Long-poll scan interval</source>
        <translation>长轮询扫描间隔</translation>
    </message>
    <message>
        <source>Queue lock lifetime</source>
        <translation>队列锁有效期</translation>
    </message>
    <message>
        <source>Announce members joining and leaving cleanly</source>
        <translation>成员正常加入和离开时发出通知</translation>
    </message>
    <message>
        <source>Consume timeout</source>
        <translation>消费超时</translation>
    </message>
    <message>
        <source>Un-acked messages per pop queue</source>
        <translation>每个 POP 队列的未确认消息数</translation>
    </message>
    <message>
        <source>Pop invisible time</source>
        <translation>POP 不可见时间</translation>
    </message>
    <message>
        <source>Messages per pop</source>
        <translation>每次弹出的消息数</translation>
    </message>
    <message>
        <source>Broker time per pull</source>
        <translation>Broker 每次拉取耗时</translation>
    </message>
    <message>
        <source>Broker pull threads</source>
        <translation>Broker 拉取线程数</translation>
    </message>
    <message>
        <source>Broker pull queue capacity</source>
        <translation>Broker 拉取队列容量</translation>
    </message>
    <message>
        <source>Broker fast failure</source>
        <translation>Broker 快速失败</translation>
    </message>
    <message>
        <source>Longest wait in the pull queue</source>
        <translation>拉取队列中的最长等待</translation>
    </message>
    <message>
        <source>Answer an overload with FLOW_CONTROL</source>
        <translation>过载时回复 FLOW_CONTROL</translation>
    </message>
    <message>
        <source>Short-polling hold and scan interval</source>
        <translation>短轮询挂起与扫描间隔</translation>
    </message>
</context>
<context>
    <name>Rblab::SettingsPanel</name>
    <message>
        <source>5.x: RocketMQ 5.2 and later; 4.9: the 4.9 client where they differ</source>
        <translation>5.x：RocketMQ 5.2 及以后；4.9：在两者不同之处按 4.9 客户端行为</translation>
    </message>
    <message>
        <source>Apply to group</source>
        <translation>应用到整个组</translation>
    </message>
    <message>
        <source>%1 (%2)
Default: %3
Allowed: %4</source>
        <translation>%1（%2）
默认：%3
允许：%4</translation>
    </message>
    <message>
        <source>on</source>
        <translation>开</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关</translation>
    </message>
    <message>
        <source>%1 (%2) must be %3, got &quot;%4&quot;</source>
        <translation>%1（%2）必须是 %3，实际为 &quot;%4&quot;</translation>
    </message>
    <message>
        <source>No client setting was changed.</source>
        <translation>没有修改任何客户端配置。</translation>
    </message>
    <message numerus="yes">
        <source>Sent %n client setting(s) to %1.</source>
        <translation>
            <numerusform>已把 %n 项客户端配置发送给 %1。</numerusform>
        </translation>
    </message>
    <message>
        <source>Client behaviour profile: applies by restarting the run</source>
        <translation>客户端版本：重新开始运行后生效</translation>
    </message>
    <message>
        <source>Send the changed client settings to every consumer of the group now (setClient)</source>
        <translation>立即把修改过的客户端配置发送给组内所有消费者（setClient）</translation>
    </message>
    <message>
        <source>Apply to brokers</source>
        <translation>应用到 Broker</translation>
    </message>
    <message>
        <source>Send the changed broker settings to every broker now (setBroker); the run goes on</source>
        <translation>立即把修改过的配置发送给所有 Broker（setBroker），运行不中断</translation>
    </message>
    <message>
        <source>Restart with this profile</source>
        <translation>用此版本重新开始</translation>
    </message>
    <message>
        <source>The profile decides how consumers are built: the run starts again from 0:00, replaying your commands</source>
        <translation>客户端版本决定消费者的构建方式：运行会从 0:00 重新开始，并重放你的操作</translation>
    </message>
    <message>
        <source>No broker setting was changed.</source>
        <translation>没有修改任何 Broker 配置。</translation>
    </message>
    <message numerus="yes">
        <source>Sent %n broker setting(s) to every broker.</source>
        <translation>
            <numerusform>已把 %n 项配置发送给所有 Broker。</numerusform>
        </translation>
    </message>
    <message>
        <source>Group on the brokers (SubscriptionGroupConfig): as the scenario sets it</source>
        <translation>Broker 上的消费者组配置（SubscriptionGroupConfig）：按场景设置</translation>
    </message>
    <message>
        <source>Client (DefaultMQPushConsumer, ClientConfig): applies to the group on Enter or Apply; edits not sent yet are marked</source>
        <translation>客户端（DefaultMQPushConsumer、ClientConfig）：按回车或“应用”后应用到整个组；尚未发送的修改会被标出</translation>
    </message>
    <message>
        <source>Broker (BrokerConfig): applies to every broker on Enter or Apply; edits not sent yet are marked</source>
        <translation>Broker（BrokerConfig）：按回车或“应用”后应用到所有 Broker；尚未发送的修改会被标出</translation>
    </message>
    <message numerus="yes">
        <source>%n client setting(s) not sent to %1 yet</source>
        <translation>
            <numerusform>%n 项客户端配置尚未发送给 %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n broker setting(s) not sent yet</source>
        <translation>
            <numerusform>%n 项 Broker 配置尚未发送</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: press Enter in a field or Apply.</source>
        <translation>%1：在输入框中按回车或点击“应用”。</translation>
    </message>
</context>
<context>
    <name>Rblab::SimulationController</name>
    <message>
        <source>Observed from client logs: read-only</source>
        <translation>来自客户端日志的观测：只读</translation>
    </message>
    <message>
        <source>Watching a live group: read-only</source>
        <translation>正在观察实时消费者组：只读</translation>
    </message>
</context>
<context>
    <name>Rblab::SimulationWorker</name>
    <message>
        <source>No simulation is running.</source>
        <translation>没有正在运行的模拟。</translation>
    </message>
</context>
<context>
    <name>Rblab::StatusTotals</name>
    <message>
        <source>Produced %1, delivered %2, lost %3; flow-control holds: count %4, size %5, span %6</source>
        <translation>已生产 %1，已投递 %2，丢失 %3；流控次数：数量 %4，大小 %5，跨度 %6</translation>
    </message>
    <message>
        <source> · memory %1 MiB</source>
        <translation> · 内存 %1 MiB</translation>
    </message>
    <message>
        <source>Memory: %1 MiB resident</source>
        <translation>内存：常驻 %1 MiB</translation>
    </message>
    <message>
        <source>Chart history: %1 of %2 samples kept (the last 10 minutes whole, older ones thinned, departed consumers folded), %3 KiB</source>
        <translation>图表历史：保留 %2 个样本中的 %1 个（最近 10 分钟完整保留，更早的抽稀，已离开消费者的行合并为汇总），%3 KiB</translation>
    </message>
    <message>
        <source>Group %1: produced %2, delivered %3, lost %4; flow-control holds: count %5, size %6, span %7; broker push-backs: SYSTEM_BUSY %8, FLOW_CONTROL %9</source>
        <translation>消费者组 %1：已生产 %2，已投递 %3，丢失 %4；流控次数：数量 %5，大小 %6，跨度 %7；Broker 回绝：SYSTEM_BUSY %8，FLOW_CONTROL %9</translation>
    </message>
    <message>
        <source>; broker push-backs: SYSTEM_BUSY %1, FLOW_CONTROL %2</source>
        <translation>；Broker 回绝：SYSTEM_BUSY %1，FLOW_CONTROL %2</translation>
    </message>
    <message>
        <source>%1: redelivered %2 · revived %3 · in flight %4 · invisible %5</source>
        <translation>%1：重新投递 %2 · 已复活 %3 · 在途 %4 · 不可见 %5</translation>
    </message>
    <message>
        <source>Group %1 (POP): produced %2, delivered %3, lost %4; popped %5, acked %6, revived %7, redelivered %8; duplicates (delivered − unique) %9</source>
        <translation>消费者组 %1（POP）：已生产 %2，已投递 %3，丢失 %4；已弹出 %5，已确认 %6，已复活 %7，重新投递 %8；重复消费（投递数 − 去重数）%9</translation>
    </message>
    <message>
        <source>; POP: revived %1, redelivered %2</source>
        <translation>；POP：已复活 %1，重新投递 %2</translation>
    </message>
    <message>
        <source>%1: rebalances %2 · owner changes %3 · duplicates %4 · orphaned %5 s · double-owned %6 s</source>
        <translation>%1：重平衡 %2 · 所有者变更 %3 · 重复消费 %4 · 无人拉取 %5 秒 · 重复持有 %6 秒</translation>
    </message>
    <message>
        <source>Rebalances %1 · owner changes %2 · redelivered %3 · unassigned %4 · double-owned %5</source>
        <translation>重平衡 %1 · 所有者变更 %2 · 重新投递 %3 · 未分配 %4 · 重复持有 %5</translation>
    </message>
    <message>
        <source>Rebalances %1 · owner changes %2 · duplicates %3 · unassigned %4 · double-owned %5</source>
        <translation>重平衡 %1 · 所有者变更 %2 · 重复消费 %3 · 未分配 %4 · 重复持有 %5</translation>
    </message>
</context>
<context>
    <name>Rblab::StrategyErrorText</name>
    <message>
        <source>inner strategy %1 threw an exception: %2</source>
        <translation>内部策略 %1 抛出异常：%2</translation>
    </message>
    <message>
        <source>IllegalArgumentException: mqAll is null or mqAll empty</source>
        <translation>IllegalArgumentException：mqAll 为 null 或为空</translation>
    </message>
    <message>
        <source>%1 returned %2, which it was not given</source>
        <translation>%1 返回了 %2，但它并未得到这个队列</translation>
    </message>
</context>
<context>
    <name>Rblab::StrategyMetadata</name>
    <message>
        <source>invalid metadata: the &quot;Strategy&quot; object is missing</source>
        <translation>元数据无效：缺少 &quot;Strategy&quot; 对象</translation>
    </message>
    <message>
        <source>invalid metadata: &quot;Strategy&quot; must be an object</source>
        <translation>元数据无效：&quot;Strategy&quot; 必须是对象</translation>
    </message>
    <message>
        <source>invalid metadata: &quot;Strategy.Name&quot; is missing or not a string</source>
        <translation>元数据无效：&quot;Strategy.Name&quot; 缺失或不是字符串</translation>
    </message>
    <message>
        <source>invalid metadata: &quot;Strategy.Name&quot; must be 1 to 64 letters, digits, &apos;_&apos;, &apos;-&apos; or &apos;.&apos;, got &quot;%1&quot;</source>
        <translation>元数据无效：&quot;Strategy.Name&quot; 必须是 1 到 64 个字母、数字、&apos;_&apos;、&apos;-&apos; 或 &apos;.&apos;，实际为 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>invalid metadata: &quot;Strategy.Version&quot; is missing or not a string</source>
        <translation>元数据无效：&quot;Strategy.Version&quot; 缺失或不是字符串</translation>
    </message>
    <message>
        <source>invalid metadata: &quot;Strategy.ApiVersion&quot; must be &quot;major.minor&quot;, such as &quot;1.0&quot;</source>
        <translation>元数据无效：&quot;Strategy.ApiVersion&quot; 必须是 &quot;主版本.次版本&quot;，如 &quot;1.0&quot;</translation>
    </message>
    <message>
        <source>invalid metadata: &quot;Strategy.Description&quot; must be a string</source>
        <translation>元数据无效：&quot;Strategy.Description&quot; 必须是字符串</translation>
    </message>
    <message>
        <source>invalid metadata: &quot;Strategy.ForwardsParameters&quot; must be true or false</source>
        <translation>元数据无效：&quot;Strategy.ForwardsParameters&quot; 必须是 true 或 false</translation>
    </message>
    <message>
        <source>invalid metadata: &quot;Strategy.Parameters&quot; must be an array</source>
        <translation>元数据无效：&quot;Strategy.Parameters&quot; 必须是数组</translation>
    </message>
    <message>
        <source>invalid metadata: &quot;%1&quot; must be an object</source>
        <translation>元数据无效：&quot;%1&quot; 必须是对象</translation>
    </message>
    <message>
        <source>invalid metadata: &quot;%1.name&quot; is missing</source>
        <translation>元数据无效：缺少 &quot;%1.name&quot;</translation>
    </message>
    <message>
        <source>invalid metadata: parameter &quot;%1&quot; is declared twice</source>
        <translation>元数据无效：参数 &quot;%1&quot; 声明了两次</translation>
    </message>
    <message>
        <source>invalid metadata: &quot;%1.type&quot; must be one of int, double, bool, string, stringList, queueList, strategy</source>
        <translation>元数据无效：&quot;%1.type&quot; 必须是 int、double、bool、string、stringList、queueList、strategy 之一</translation>
    </message>
    <message>
        <source>invalid metadata: &quot;%1.%2&quot; must be a number</source>
        <translation>元数据无效：&quot;%1.%2&quot; 必须是数字</translation>
    </message>
    <message>
        <source>invalid metadata: &quot;%1&quot; has min &gt; max</source>
        <translation>元数据无效：&quot;%1&quot; 的 min 大于 max</translation>
    </message>
    <message>
        <source>invalid metadata: &quot;%1.choices&quot; must be an array of strings</source>
        <translation>元数据无效：&quot;%1.choices&quot; 必须是字符串数组</translation>
    </message>
    <message>
        <source>invalid metadata: the default of &quot;%1&quot; is not valid: %2</source>
        <translation>元数据无效：&quot;%1&quot; 的默认值不合法：%2</translation>
    </message>
</context>
<context>
    <name>Rblab::StrategyPanel</name>
    <message>
        <source>Group:</source>
        <translation>消费者组：</translation>
    </message>
    <message>
        <source>The consumer group the strategy is deployed to</source>
        <translation>策略要部署到的消费者组</translation>
    </message>
    <message>
        <source>Every strategy the loaded plugins provide</source>
        <translation>已加载插件提供的所有策略</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>Apply to group</source>
        <translation>应用到整个组</translation>
    </message>
    <message>
        <source>Switch every consumer of the group to this strategy now</source>
        <translation>立即把组内所有消费者切换到此策略</translation>
    </message>
    <message>
        <source>Apply to selected</source>
        <translation>应用到选中的消费者</translation>
    </message>
    <message>
        <source>Rolling deploy: switch only the selected consumer; the others keep their strategy</source>
        <translation>滚动发布：只切换选中的消费者，其他消费者保持原策略</translation>
    </message>
    <message>
        <source>No run yet.</source>
        <translation>尚未运行。</translation>
    </message>
    <message>
        <source>Now running: %1</source>
        <translation>当前策略：%1</translation>
    </message>
    <message>
        <source>No strategy plugin is loaded.</source>
        <translation>没有加载任何策略插件。</translation>
    </message>
    <message>
        <source>RocketMQ: %1</source>
        <translation>RocketMQ：%1</translation>
    </message>
    <message>
        <source>Parameters are valid.</source>
        <translation>参数有效。</translation>
    </message>
    <message>
        <source>Select a consumer first.</source>
        <translation>请先选中一个消费者。</translation>
    </message>
    <message>
        <source>No group to apply to.</source>
        <translation>没有可应用的消费者组。</translation>
    </message>
    <message>
        <source>Now running: mixed (rolling deploy): %1</source>
        <translation>当前策略：混合（滚动发布中）：%1</translation>
    </message>
</context>
<context>
    <name>Rblab::StrategyRegistry</name>
    <message>
        <source>strategy %1 threw an exception: %2</source>
        <translation>策略 %1 抛出异常：%2</translation>
    </message>
    <message>
        <source>duplicate strategy name &quot;%1&quot;: already provided by %2</source>
        <translation>策略名称 &quot;%1&quot; 重复：已由 %2 提供</translation>
    </message>
    <message>
        <source>the root object does not implement %1</source>
        <translation>根对象没有实现 %1</translation>
    </message>
    <message>
        <source>no such plugin folder or file</source>
        <translation>插件文件夹或文件不存在</translation>
    </message>
    <message>
        <source>not a plugin: the library has no Qt plugin metadata</source>
        <translation>不是插件：该库没有 Qt 插件元数据</translation>
    </message>
    <message>
        <source>could not load: %1</source>
        <translation>无法加载：%1</translation>
    </message>
    <message>
        <source>unknown strategy &quot;%1&quot; (loaded: %2)</source>
        <translation>未知的策略 &quot;%1&quot;（已加载：%2）</translation>
    </message>
    <message>
        <source>%1: unknown strategy &quot;%2&quot; (loaded: %3)</source>
        <translation>%1：未知的策略 &quot;%2&quot;（已加载：%3）</translation>
    </message>
    <message>
        <source>strategies nest more than %1 deep (a strategy that wraps itself?)</source>
        <translation>策略嵌套超过 %1 层（某个策略包装了它自己？）</translation>
    </message>
    <message>
        <source>the plugin for %1 made no strategy</source>
        <translation>%1 的插件没有创建出策略</translation>
    </message>
    <message>
        <source>strategy %1 answered for %2 consumers, asked for %3</source>
        <translation>策略 %1 返回了 %2 个消费者的结果，但请求的是 %3 个</translation>
    </message>
    <message>
        <source>no loaded plugin runs .%1 files (the JavaScript plugin, strategy_javascript, is not in any plugin folder)</source>
        <translation>没有已加载的插件能运行 .%1 文件（JavaScript 插件 strategy_javascript 不在任何插件目录中）</translation>
    </message>
    <message>
        <source>the plugin %1 made no strategy of this file</source>
        <translation>插件 %1 没有从此文件创建策略</translation>
    </message>
    <message>
        <source>cannot make the folder %1 for the copy</source>
        <translation>无法为副本创建目录 %1</translation>
    </message>
    <message>
        <source>cannot copy the plugin to %1</source>
        <translation>无法把插件复制到 %1</translation>
    </message>
</context>
<context>
    <name>Rblab::StrategyWorkbench</name>
    <message>
        <source>Open a strategy</source>
        <translation>打开策略</translation>
    </message>
    <message>
        <source>JavaScript strategies (*.js)</source>
        <translation>JavaScript 策略 (*.js)</translation>
    </message>
    <message>
        <source>Template:</source>
        <translation>模板：</translation>
    </message>
    <message>
        <source>Start from one of the strategies shipped in resources/strategies</source>
        <translation>从 resources/strategies 自带的策略之一开始</translation>
    </message>
    <message>
        <source>Open…</source>
        <translation>打开…</translation>
    </message>
    <message>
        <source>On save, deploy to:</source>
        <translation>保存后部署到：</translation>
    </message>
    <message>
        <source>the group</source>
        <translation>整个消费者组</translation>
    </message>
    <message>
        <source>the selected consumers (rolling deploy)</source>
        <translation>选中的消费者（滚动部署）</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <source>Write the file, check it, and if it passes load it into the running world (Ctrl+S)</source>
        <translation>写入文件并检查，通过后加载到正在运行的模拟中（Ctrl+S）</translation>
    </message>
    <message>
        <source>New builds of native plugins:</source>
        <translation>原生插件的新构建：</translation>
    </message>
    <message>
        <source>Plugin files rebuilt in a watched folder, loaded from a private copy; the old build keeps running until you deploy</source>
        <translation>受监视目录中重新构建的插件文件，从私有副本加载；在你部署之前旧构建继续运行</translation>
    </message>
    <message>
        <source>Deploy the new build</source>
        <translation>部署新构建</translation>
    </message>
    <message>
        <source>Not saved yet: Save writes it to %1</source>
        <translation>尚未保存：保存时写入 %1</translation>
    </message>
    <message>
        <source>File: %1</source>
        <translation>文件：%1</translation>
    </message>
    <message>
        <source>Cannot open %1: %2</source>
        <translation>无法打开 %1：%2</translation>
    </message>
    <message>
        <source>No folder to save to: %1</source>
        <translation>没有可保存的目录：%1</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Saved, not loaded: %1</source>
        <translation>已保存，未加载：%1</translation>
    </message>
    <message>
        <source>the plugin made no strategy</source>
        <translation>插件没有创建策略</translation>
    </message>
    <message>
        <source>Saved, not loaded: %1 breaks the rule &quot;%2&quot;: %3</source>
        <translation>已保存，未加载：%1 违反规则“%2”：%3</translation>
    </message>
    <message>
        <source>%1 %2 passed the checks and is loaded.</source>
        <translation>%1 %2 通过了检查，已加载。</translation>
    </message>
    <message>
        <source>Deployed to the group.</source>
        <translation>已部署到整个消费者组。</translation>
    </message>
    <message>
        <source>Deployed to the selected consumers; the others keep theirs.</source>
        <translation>已部署到选中的消费者；其他消费者保持原策略。</translation>
    </message>
    <message>
        <source>Not deployed: %1</source>
        <translation>未部署：%1</translation>
    </message>
    <message>
        <source>A new build of %1 cannot be loaded: %2</source>
        <translation>%1 的新构建无法加载：%2</translation>
    </message>
    <message>
        <source>%1 %2 (%3)</source>
        <translation>%1 %2（%3）</translation>
    </message>
    <message>
        <source>A new build of %1 is loaded; the running one stays until you deploy it.</source>
        <translation>%1 的新构建已加载；在你部署之前，正在运行的版本保持不变。</translation>
    </message>
    <message>
        <source>The new build of %1 was refused: %2</source>
        <translation>%1 的新构建被拒绝：%2</translation>
    </message>
    <message>
        <source>The new build of %1 is deployed.</source>
        <translation>%1 的新构建已部署。</translation>
    </message>
    <message>
        <source>The new build of %1 is loaded; not deployed: %2</source>
        <translation>%1 的新构建已加载；未部署：%2</translation>
    </message>
</context>
<context>
    <name>Rblab::ThresholdNote</name>
    <message>
        <source>▲ threshold %1 off scale · peak %2 %</source>
        <translation>▲ 阈值 %1 超出刻度 · 峰值 %2%</translation>
    </message>
    <message>
        <source>threshold %1</source>
        <translation>阈值 %1</translation>
    </message>
    <message>
        <source>▲ peak %2 % of %1</source>
        <translation>▲ 峰值 %2%（阈值 %1）</translation>
    </message>
    <message>
        <source>▲ peak %1 %</source>
        <translation>▲ 峰值 %1%</translation>
    </message>
</context>
<context>
    <name>Rblab::TimelineBar</name>
    <message>
        <source>Paused: %1</source>
        <translation>已暂停：%1</translation>
    </message>
    <message>
        <source>Not a time: type e.g. 6m30s, 1h2m, 130s, 2:10 or 1:02:03.</source>
        <translation>不是有效的时间：请输入如 6m30s、1h2m、130s、2:10 或 1:02:03。</translation>
    </message>
    <message>
        <source>Pause on…</source>
        <translation>遇到时暂停…</translation>
    </message>
    <message numerus="yes">
        <source>Pause on (%n)</source>
        <translation>
            <numerusform>遇到时暂停（%n 项）</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>−20 s</source>
        <translation>−20 秒</translation>
    </message>
    <message>
        <source>Back 20 seconds (%1): the run as it was then</source>
        <translation>后退 20 秒（%1）：回到当时的运行状态</translation>
    </message>
    <message>
        <source>+20 s</source>
        <translation>+20 秒</translation>
    </message>
    <message>
        <source>Forward 20 seconds (%1)</source>
        <translation>前进 20 秒（%1）</translation>
    </message>
    <message>
        <source>Go to… 6m30s</source>
        <translation>跳转到… 6m30s</translation>
    </message>
    <message>
        <source>Go to a time of the run: 6m30s, 1h2m, 130s, 2:10 or 1:02:03, then Enter. Commands given after going back start a new branch of the session: the later ones are dropped.</source>
        <translation>跳转到运行中的某个时间：输入 6m30s、1h2m、130s、2:10 或 1:02:03 后按回车。回退后再发出的命令会开启会话的新分支：原来在此之后的命令将被丢弃。</translation>
    </message>
    <message>
        <source>&amp;Rebalance</source>
        <translation>重平衡(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Double ownership begins</source>
        <translation>开始出现重复持有(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Flow control begins</source>
        <translation>开始流控(&amp;F)</translation>
    </message>
    <message>
        <source>A &amp;consumer&apos;s state changes</source>
        <translation>消费者状态变化(&amp;C)</translation>
    </message>
    <message>
        <source>Pause the run when one of these happens</source>
        <translation>发生以下任一情况时暂停运行</translation>
    </message>
</context>
<context>
    <name>Rblab::TimelineTrack</name>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: click or drag to see the run at this moment.&lt;br&gt;Bands: queues double-owned (red), orphaned (yellow). Marks: rebalances (blue), consumers started or thawed (green), shut down (grey), killed (red), frozen (violet), flow control (orange).</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;：单击或拖动以查看此刻的运行状态。&lt;br&gt;色带：队列被重复持有（红）、无人消费（黄）。标记：重平衡（蓝）、消费者启动或恢复（绿）、正常关闭（灰）、被杀（红）、冻结（紫）、流控（橙）。</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: click or drag to see the logs at this moment.&lt;br&gt;Bands: queues double-owned (red), orphaned (yellow). Marks: rebalances (blue), clients started (green), shut down (grey), fallen silent with no shutdown, hung or killed (violet), flow control logged (orange).</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;：单击或拖动以查看日志中此刻的状态。&lt;br&gt;色带：队列被重复持有（红）、无人消费（黄）。标记：重平衡（蓝）、客户端启动（绿）、正常关闭（灰）、未关闭即静默（挂起或被杀，紫）、日志记录的流控（橙）。</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;: click or drag to see the polls at this moment.&lt;br&gt;Bands: queues double-owned (red), orphaned (yellow). Marks: queue moves (blue), clients joined or answering again (green), clients that left or stopped answering (violet), flow control (orange).</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;：单击或拖动以查看此刻的轮询结果。&lt;br&gt;色带：队列被重复持有（红）、无人消费（黄）。标记：队列迁移（蓝）、客户端加入或恢复应答（绿）、客户端离开或不再应答（紫）、流控（橙）。</translation>
    </message>
</context>
<context>
    <name>Rblab::WindowActions</name>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>导出(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Simulation</source>
        <translation>模拟(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Consumer</source>
        <translation>消费者(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>Playback</source>
        <translation>播放</translation>
    </message>
    <message>
        <source>Consumers</source>
        <translation>消费者</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>Quit Rebalance Lab</source>
        <translation>退出 Rebalance Lab</translation>
    </message>
    <message>
        <source>View as &amp;PNG…</source>
        <translation>视图导出为 &amp;PNG…</translation>
    </message>
    <message>
        <source>Save the assignment view as a PNG image</source>
        <translation>把队列分配视图保存为 PNG 图片</translation>
    </message>
    <message>
        <source>View as &amp;SVG…</source>
        <translation>视图导出为 &amp;SVG…</translation>
    </message>
    <message>
        <source>Save the assignment view as an SVG drawing</source>
        <translation>把队列分配视图保存为 SVG 矢量图</translation>
    </message>
    <message>
        <source>&amp;Charts as PNG…</source>
        <translation>图表导出为 PNG(&amp;C)…</translation>
    </message>
    <message>
        <source>Save the charts as a PNG image</source>
        <translation>把图表保存为 PNG 图片</translation>
    </message>
    <message>
        <source>&amp;Metrics as CSV…</source>
        <translation>指标导出为 CSV(&amp;M)…</translation>
    </message>
    <message>
        <source>Step to next &amp;event</source>
        <translation>单步到下一个事件(&amp;E)</translation>
    </message>
    <message>
        <source>Pause and run to the next event</source>
        <translation>暂停并运行到下一个事件</translation>
    </message>
    <message>
        <source>Step to next &amp;rebalance</source>
        <translation>单步到下一次重平衡(&amp;R)</translation>
    </message>
    <message>
        <source>Pause and run to the next rebalance that moves a queue</source>
        <translation>暂停并运行到下一次迁移队列的重平衡</translation>
    </message>
    <message>
        <source>Res&amp;tart</source>
        <translation>重新开始(&amp;T)</translation>
    </message>
    <message>
        <source>Run the scenario again from the start, with your recorded commands</source>
        <translation>从头重新运行场景，并重放你记录下的操作</translation>
    </message>
    <message>
        <source>&amp;Faster</source>
        <translation>加速(&amp;F)</translation>
    </message>
    <message>
        <source>Play faster</source>
        <translation>播放得更快</translation>
    </message>
    <message>
        <source>S&amp;lower</source>
        <translation>减速(&amp;L)</translation>
    </message>
    <message>
        <source>Play slower</source>
        <translation>播放得更慢</translation>
    </message>
    <message>
        <source>Strategy &amp;plugins…</source>
        <translation>策略插件(&amp;P)…</translation>
    </message>
    <message>
        <source>The loaded strategy plugins and the files that failed</source>
        <translation>已加载的策略插件以及加载失败的文件</translation>
    </message>
    <message>
        <source>&amp;About Rebalance Lab</source>
        <translation>关于 Rebalance Lab(&amp;A)</translation>
    </message>
    <message>
        <source>About Rebalance Lab</source>
        <translation>关于 Rebalance Lab</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>关于 &amp;Qt</translation>
    </message>
    <message>
        <source>About Qt</source>
        <translation>关于 Qt</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>暂停消费(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Play</source>
        <translation>播放(&amp;P)</translation>
    </message>
    <message>
        <source>Pause the simulation</source>
        <translation>暂停模拟</translation>
    </message>
    <message>
        <source>Play the simulation</source>
        <translation>播放模拟</translation>
    </message>
    <message>
        <source>&amp;Compare from here…</source>
        <translation>从此刻开始对比(&amp;C)…</translation>
    </message>
    <message>
        <source>What if a group had used another strategy from now? Opens compare mode with this world, its commands and the current time</source>
        <translation>如果某个组从现在起改用另一种策略会怎样？以这个世界、它的命令和当前时间打开对比模式</translation>
    </message>
    <message>
        <source>Save the samples the app keeps as CSV files, as rblab simulate --csv writes them</source>
        <translation>把应用保留的采样保存为 CSV 文件，格式与 rblab simulate --csv 相同</translation>
    </message>
    <message>
        <source>C&amp;lip…</source>
        <translation>片段(&amp;L)…</translation>
    </message>
    <message>
        <source>Save a time range of the run as an animated GIF, WebM or PNG frames for slides</source>
        <translation>把运行中的一段时间保存为 GIF 动画、WebM 视频或 PNG 帧，用于幻灯片</translation>
    </message>
    <message>
        <source>&amp;Hide departed consumers</source>
        <translation>隐藏已离开的消费者(&amp;H)</translation>
    </message>
    <message>
        <source>Leave out the cards of consumers that are gone or not started yet, once a group has had more than %1</source>
        <translation>当一个组的消费者超过 %1 个时，不显示已离开或尚未启动的消费者卡片</translation>
    </message>
    <message>
        <source>Zoom &amp;in</source>
        <translation>放大(&amp;I)</translation>
    </message>
    <message>
        <source>Larger text everywhere, up to %1 %</source>
        <translation>放大所有文字，最大 %1%</translation>
    </message>
    <message>
        <source>Zoom &amp;out</source>
        <translation>缩小(&amp;O)</translation>
    </message>
    <message>
        <source>Smaller text, down to the desktop&apos;s size</source>
        <translation>缩小文字，最小为桌面字号</translation>
    </message>
    <message>
        <source>&amp;Actual size</source>
        <translation>实际大小(&amp;A)</translation>
    </message>
    <message>
        <source>Text at the desktop&apos;s size (100 %)</source>
        <translation>文字恢复为桌面字号（100%）</translation>
    </message>
    <message>
        <source>P&amp;resenter mode</source>
        <translation>演示模式(&amp;R)</translation>
    </message>
    <message>
        <source>Full screen with the view and charts only; F11 again to leave</source>
        <translation>全屏，只显示分配视图和图表；再按 F11 退出</translation>
    </message>
    <message>
        <source>Zoom %1 %</source>
        <translation>缩放 %1%</translation>
    </message>
    <message>
        <source>Show &amp;narration</source>
        <translation>显示讲解(&amp;N)</translation>
    </message>
    <message>
        <source>Show the scenario&apos;s teaching notes over the view (hidden notes do not pause the run)</source>
        <translation>在视图上显示场景的讲解提示（隐藏时讲解不会暂停运行）</translation>
    </message>
    <message>
        <source>&amp;Large rebalance countdown</source>
        <translation>大字显示重平衡倒计时(&amp;L)</translation>
    </message>
    <message>
        <source>Each card&apos;s next rebalance and the consumer list and queue count it last computed with, in large letters for the back of the room</source>
        <translation>以大字显示每张卡片的下次重平衡时间，以及该消费者上次计算时所用的消费者列表和队列数，坐在教室后排也能看清</translation>
    </message>
</context>
<context>
    <name>Rblab::World</name>
    <message>
        <source>group %1 subscribes to unknown topic %2</source>
        <translation>消费者组 %1 订阅了未知的 Topic %2</translation>
    </message>
    <message>
        <source>groups[%1].consumers[%2] (%3): %4</source>
        <translation>groups[%1].consumers[%2]（%3）：%4</translation>
    </message>
    <message>
        <source>events[%1]: unknown group %2</source>
        <translation>events[%1]：未知的消费者组 %2</translation>
    </message>
    <message>
        <source>events[%1] (%2): %3</source>
        <translation>events[%1]（%2）：%3</translation>
    </message>
    <message>
        <source>unknown topic &quot;%1&quot;</source>
        <translation>未知的 Topic &quot;%1&quot;</translation>
    </message>
    <message>
        <source>a produce rate must be ≥ 0</source>
        <translation>生产速率必须 ≥ 0</translation>
    </message>
    <message>
        <source>unknown broker &quot;%1&quot;</source>
        <translation>未知的 Broker &quot;%1&quot;</translation>
    </message>
    <message>
        <source>a queue count must be from 0 to 1024</source>
        <translation>队列数必须在 0 到 1024 之间</translation>
    </message>
    <message>
        <source>broker %1 is already down</source>
        <translation>Broker %1 已经宕机</translation>
    </message>
    <message>
        <source>broker %1 is already up</source>
        <translation>Broker %1 已经在运行</translation>
    </message>
    <message>
        <source>unknown group &quot;%1&quot;</source>
        <translation>未知的消费者组 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>no consumer &quot;%1&quot; in group %2</source>
        <translation>消费者组 %2 中没有消费者 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>unknown client setting &quot;%1&quot;</source>
        <translation>未知的客户端配置 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>%1 must be %2</source>
        <translation>%1 必须是 %2</translation>
    </message>
    <message>
        <source>consumer &quot;%1&quot; already exists</source>
        <translation>消费者 &quot;%1&quot; 已存在</translation>
    </message>
    <message>
        <source>a consumer needs a client id</source>
        <translation>消费者需要客户端 ID</translation>
    </message>
    <message>
        <source>unknown consumer &quot;%1&quot;</source>
        <translation>未知的消费者 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>consumer %1 is not running (%2)</source>
        <translation>消费者 %1 不在运行（%2）</translation>
    </message>
    <message>
        <source>a failure rate must be from 0 to 1</source>
        <translation>失败率必须在 0 到 1 之间</translation>
    </message>
    <message>
        <source>unsupported action</source>
        <translation>不支持的操作</translation>
    </message>
    <message>
        <source>unknown broker setting &quot;%1&quot;</source>
        <translation>未知的 Broker 配置 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>groups[%1].offsets: no queue %2 in the topics&apos; routes</source>
        <translation>groups[%1].offsets：各 Topic 的路由中没有队列 %2</translation>
    </message>
    <message>
        <source>groups[%1].consumers[%2] (%3): holds %4, which no topic&apos;s route has</source>
        <translation>groups[%1].consumers[%2]（%3）：持有的 %4 不在任何 Topic 的路由中</translation>
    </message>
    <message>
        <source>The consumer group[%1] has been created before in client instance %2 (%3)</source>
        <translation>The consumer group[%1] has been created before：客户端实例 %2 中已有该组的消费者（%3）</translation>
    </message>
    <message>
        <source>its process %1 also runs %2</source>
        <translation>同一进程 %1 中还运行着 %2</translation>
    </message>
    <message>
        <source>in the process of %1 (%2)</source>
        <translation>与 %1 同一进程（%2）</translation>
    </message>
</context>
</TS>
