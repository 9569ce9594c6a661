/**
 * The Chinese words the offline understanding knows, each mapped to the
 * English word the intent parser reads. Longest first where one contains
 * another (定时任务 before 任务, 持久卷声明 before 持久卷).
 */
export const ZH_KINDS: readonly (readonly [RegExp, string])[] = [
  [/定时任务|计划任务|cron\s*job/i, "cronjobs"],
  [/容器组|豆荚|容器实例/, "pods"],
  [/无状态(?:应用|负载)|部署(?!到)/, "deployments"],
  [/有状态(?:集|应用|副本集|负载)/, "statefulsets"],
  [/守护进程集|守护进程/, "daemonsets"],
  [/副本集/, "replicasets"],
  [/(?:持久卷|存储卷|存储)声明/, "pvc"],
  [/持久卷/, "pv"],
  [/存储类/, "storageclasses"],
  [/网络策略/, "networkpolicies"],
  [/资源配额|配额/, "resourcequotas"],
  [/(?:水平)?自动扩缩容?/, "hpa"],
  [/服务账[号户]/, "serviceaccounts"],
  [/配置映射|配置字典|配置项/, "configmaps"],
  [/保密字典|密钥|机密|秘钥/, "secrets"],
  [/入口路由|入口/, "ingresses"],
  [/端点/, "endpoints"],
  [/服务(?!器)/, "services"],
  [/节点|机器/, "nodes"],
  [/任务|作业/, "jobs"],
];

/** "namespace" in Chinese (and the English words people mix in). */
export const ZH_NAMESPACE = /命名空间|名字空间|名称空间|名空间/;
export const NAMESPACE_WORD = /^(?:命名空间|名字空间|名称空间|名空间|namespaces?|ns)$/i;

/** The whole cluster, every namespace. */
export const ZH_CLUSTER =
  /(?:所有|全部|各个|每个|整个|全)(?:的)?(?:命名空间|名字空间|名称空间)|整个集群|全集群|集群(?:里|中|内|上)?(?:的)?(?:所有|全部|整体)?|全局/;

/** This namespace: the one the picker (or the conversation) is on. */
export const ZH_THIS_NAMESPACE = /(?:这个|该|当前|本)(?:命名空间|名字空间|名称空间)/g;

/** Words asking why something fails: a diagnosis. */
export const ZH_DIAGNOSE =
  /为什么|为何|怎么回事|怎么了|什么问题|啥问题|哪些问题|有问题|出问题|问题|故障|异常|失败|报错|错误|出错|挂了|挂掉|宕机|起不来|启动不了|启动失败|无法|不能|不可用|不工作|不正常|不健康|一直重启|不停重启|反复重启|重启|崩溃|卡住|卡在|挂起|待定|pending|检查|诊断|排查|排错|健康|正常吗|状态|原因|慢|超时|访问不了|连不上|打不开/i;

/** Words asking for a listing. */
export const ZH_LIST =
  /列出|列一下|列举|有哪些|有什么|哪些|显示|展示|看看|查看|看一下|瞧瞧|获取|所有|全部|跑着|在跑|运行着/;

export const ZH_LOGS = /日志/;
export const ZH_PREVIOUS = /上一次|上次|之前|崩溃前|重启前|前一个|上一个|先前/;
export const ZH_EVENTS = /事件/;
export const ZH_WARNING = /告警|警告|报警|异常/;
export const ZH_DESCRIBE = /描述|详情|详细信息|详细情况|细节/;

/** "it", "that one": the conversation's focus. */
export const ZH_PRONOUN = /它|他|她|这个|那个|该对象/;

/** A greeting or a question about the assistant itself: no cluster work. */
export const ZH_GREETING =
  /^(?:你好|您好|嗨|哈喽|喂|早上好|下午好|晚上好|谢谢|多谢|感谢)|你(?:能|可以|会)(?:帮我)?(?:做|干)(?:些)?什么|你是谁|有(?:什么|哪些)功能|怎么用你|帮助|使用说明/;

/**
 * Verbs that change the cluster ("重启 checkout", "把 cart 扩容到 3"): plain-language
 * actions, understood by the action module, not paraphrased here. A symptom
 * ("为什么一直重启") is not an action: questions are tested first.
 */
export const ZH_ACTION =
  /重启|扩容|缩容|扩到|缩到|扩展到|伸缩|回滚|回退|设置|设为|改为|改成|换成|更新|升级|降级|删除|删掉|封锁|不可调度|解除|驱逐|排空|暂停|恢复|挂起|禁用|启用|继续|调整|调大|调小|提高|增加|减少|降低|加到|减到|提到|升到|调到|降到|加大|放宽|移除|去掉/;
