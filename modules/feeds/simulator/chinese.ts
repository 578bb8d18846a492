/**
 * The simulator writes Chinese names in Simplified characters; Taiwan reads Traditional ones. Each
 * pair is a Simplified character its names use and its Traditional form. Characters written alike
 * in both are not listed, nor those a name keeps as they are: the surnames 范 and 朴, 斗 of Japanese
 * given names, and 里, 于, 夸 and 采 in transliterations.
 */
const TRADITIONAL = new Map(
  `
  伟偉 阳陽 奥奧 杰傑 乔喬 欧歐 亚亞 纳納 刘劉 兰蘭 伦倫 尔爾 内內 邓鄧 费費 赛賽
  凯凱 劳勞 马馬 诺諾 谢謝 顿頓 韦韋 汉漢 库庫 联聯 竞競 镇鎮 游遊 乐樂 贾賈 达達
  莱萊 怀懷 宁寧 齐齊 萨薩 万萬 维維 骏駿 黄黃 锋鋒 矿礦 风風 历歷 罗羅 鲁魯 乌烏
  贡貢 华華 卢盧 贝貝 图圖 体體 约約 开開 盖蓋 门門 会會 扬揚 迈邁 赖賴 协協 运運
  动動 爱愛 热熱 庞龐 圣聖 丰豐 讷訥 进進 吕呂 温溫 赞贊 兹茲 涛濤 鹏鵬 龙龍 辉輝
  张張 陈陳 杨楊 赵趙 吴吳 孙孫 锦錦 云雲 东東 飞飛 狮獅 凤鳳 鹰鷹 莲蓮 苍蒼 树樹
  陆陸 优優 桥橋 边邊 冈岡 长長 樱櫻 滨濱 岛島 泽澤 灵靈 贤賢 勋勳 灿燦 荣榮 锡錫
  郑鄭 韩韓 权權 晋晉 现現 钢鋼 铁鐵 蓝藍 骑騎 钦欽 腾騰 学學 颂頌 玛瑪 苏蘇 红紅
  银銀 虚虛 涡渦 余餘 烬燼 极極 队隊 电電 战戰 军軍 团團 鸦鴉 统統 脉脈 冲衝 猫貓
  头頭 鲨鯊 鱼魚 级級 国國 顶頂 职職 业業 际際 篮籃 强強 欢歡 经經 榄欖 线線 绝絕
  传傳 峡峽 遗遺 迹跡 弹彈 围圍 载載 气氣 场場 术術 馆館 师師 拟擬 对對 决決 区區
  发發 宾賓 回迴
`
    .split(/\s+/)
    .filter(Boolean)
    .map((pair) => [pair.charAt(0), pair.charAt(1)] as const),
);

/** A Chinese name written in Traditional characters. */
export function traditional(simplified: string): string {
  return [...simplified].map((character) => TRADITIONAL.get(character) ?? character).join('');
}

/** A name the simulator made in Chinese, in each Chinese locale of the site. */
export function chineseNames(simplified: string): Record<string, string> {
  return { zh_CN: simplified, zh_tw: traditional(simplified) };
}
