import type { Rng } from '../../sports';

/**
 * Invented names that read naturally: people, towns, clubs and esports teams are put together
 * from word and syllable lists of a language area, so no real club or person is named on purpose.
 */
export interface Culture {
  given: readonly Word[];
  family: readonly Word[];
  townStart: readonly Word[];
  townEnd: readonly Word[];
  /** How clubs of the area are named; `#` stands for the town. */
  clubs: readonly Word[];
  /** Whether people's names are written in Chinese characters, family name first (王伟, 佐藤阳翔). */
  hanzi?: boolean;
}

/** A word of a list, and how it is written in Chinese (Simplified characters). */
export interface Word {
  text: string;
  zh: string;
}

/** A name the simulator made, and the same name in Chinese, from the same words. */
export interface Named {
  name: string;
  zh: string;
}

/** A list of words or names, written as one text: commas and line breaks separate them. */
function list(text: string): readonly string[] {
  return text.split(/,\s*/);
}

/**
 * A list of words, each followed by its Chinese rendering ("Oliver 奥利弗"), written as one text
 * (commas and line breaks separate them) or as a list of such entries.
 */
function words(entries: string | readonly string[]): readonly Word[] {
  return (typeof entries === 'string' ? list(entries) : entries).map((entry) => {
    const space = entry.lastIndexOf(' ');
    if (space < 1) throw new Error(`"${entry}" has no Chinese rendering`);
    return { text: entry.slice(0, space), zh: entry.slice(space + 1) };
  });
}

const ENGLISH: Culture = {
  given: words(`Oliver 奥利弗, Harry 哈里, Jack 杰克, George 乔治, Callum 卡勒姆, Reece 里斯, Owen 欧文,
    Liam 利亚姆, Connor 康纳, Ethan 伊森, Lewis 刘易斯, Mason 梅森, Tyler 泰勒, Jamie 杰米, Kieran 基兰,
    Declan 德克兰, Ryan 瑞安, Aaron 阿伦, Joel 乔尔, Nathan 内森`),
  family: words(`Ashworth 阿什沃思, Bramley 布拉姆利, Carver 卡弗, Dunmore 邓莫尔, Ellison 埃利森,
    Fairley 费尔利, Garside 加赛德, Hollins 霍林斯, Kettering 凯特林, Lowther 劳瑟, Marsden 马斯登,
    Norcott 诺科特, Oakley 奥克利, Pendry 彭德里, Radley 拉德利, Sheldon 谢尔顿, Thorne 索恩,
    Whitlock 惠特洛克, Yardley 亚德利, Colby 科尔比`),
  townStart: words(`Ash 阿什, Brad 布拉德, Carl 卡尔, Dun 邓, Elm 埃尔姆, Fair 费尔, Glen 格伦, Hart 哈特,
    Kings 金斯, Lang 朗, Mill 米尔, Nor 诺, Oak 奥克, Red 雷德, Stan 斯坦, Thorn 索恩, Wes 韦斯, Whit 惠特`),
  townEnd: words(`bury 伯里, ford 福德, ham 汉姆, ley 利, mouth 茅斯, ton 顿, wick 威克, field 菲尔德,
    borough 伯勒, stead 斯特德, combe 库姆`),
  clubs: words(`# Rovers #流浪者, # United #联, # Athletic #竞技, # Town #镇, # City #城,
    # Wanderers #漫游者, # Albion #阿尔比恩, # FC #足球俱乐部`),
};

const AMERICAN: Culture = {
  ...ENGLISH,
  given: words(`Tyler 泰勒, Jordan 乔丹, Marcus 马库斯, Devin 德文, Cole 科尔, Brandon 布兰登, Jalen 贾伦,
    Austin 奥斯汀, Trevor 特雷弗, Darius 达柳斯, Caleb 凯莱布, Logan 洛根, Malik 马利克, Wyatt 怀亚特,
    Isaiah 以赛亚, Chase 蔡斯, Derrick 德里克, Grant 格兰特, Dante 丹特, Evan 埃文`),
  family: words(`Whitaker 惠特克, Holloway 霍洛韦, Brennan 布伦南, Caldwell 考德威尔, Dawson 道森,
    Emerson 埃默森, Fulton 富尔顿, Granger 格兰杰, Hayes 海斯, Jennings 詹宁斯, Lockhart 洛克哈特,
    Mercer 默瑟, Nolan 诺兰, Prescott 普雷斯科特, Ramsey 拉姆齐, Sutton 萨顿, Tolliver 托利弗, Vance 万斯,
    Whitfield 惠特菲尔德, Barlow 巴洛`),
  townEnd: words([
    'ville 维尔',
    'port 波特',
    'dale 代尔',
    'ton 顿',
    'field 菲尔德',
    'wood 伍德',
    'ridge 里奇',
    ' Falls 福尔斯',
    ' Springs 斯普林斯',
    'burg 堡',
  ]),
  clubs: words(`# Comets #彗星, # Stallions #骏马, # Hornets #黄蜂, # Mariners #水手, # Pioneers #先锋,
    # Thunder #雷霆, # Rapids #激流, # Bison #野牛, # Foxes #狐狸, # Outlaws #亡命徒, # Miners #矿工,
    # Storm #风暴`),
};

const SPANISH: Culture = {
  given: words(`Alejandro 亚历杭德罗, Pablo 巴勃罗, Diego 迭戈, Javier 哈维尔, Sergio 塞尔吉奥,
    Álvaro 阿尔瓦罗, Mateo 马特奥, Iker 伊克尔, Rubén 鲁文, Marcos 马科斯, Adrián 阿德里安, Hugo 乌戈,
    Raúl 劳尔, Nicolás 尼古拉斯, Gonzalo 贡萨洛, Tomás 托马斯, Emilio 埃米利奥, Ignacio 伊格纳西奥,
    Joaquín 华金, Lucas 卢卡斯`),
  family: words(`Arrieta 阿列塔, Belmonte 贝尔蒙特, Cabrera 卡布雷拉, Delgado 德尔加多, Escobedo 埃斯科韦多,
    Ferrández 费兰德斯, Galindo 加林多, Herrero 埃雷罗, Iturbe 伊图尔韦, Lozano 洛萨诺, Medina 梅迪纳,
    Navarrete 纳瓦雷特, Olmedo 奥尔梅多, Peralta 佩拉尔塔, Quintero 金特罗, Robles 罗夫莱斯,
    Salcedo 萨尔塞多, Toledano 托莱达诺, Urrutia 乌鲁蒂亚, Villalba 比利亚尔瓦`),
  townStart: words(`Val 巴尔, Mont 蒙特, Sant 桑特, Alca 阿尔卡, Vill 比利, Ter 特尔, Bel 贝尔, Cas 卡斯,
    Mar 马尔, Rob 罗夫, Arr 阿尔, Torre 托雷`),
  townEnd: words(`encia 恩西亚, ejo 埃霍, ares 阿雷斯, ena 埃纳, illa 伊利亚, oso 奥索, ada 阿达, era 埃拉,
    alba 阿尔瓦, ucar 乌卡尔`),
  clubs: words(`CD # #体育俱乐部, Atlético # #竞技, # CF #足球俱乐部, Deportivo # #体育, UD # #联合体育,
    Racing # #竞赛, Club # #俱乐部, Sporting # #斯波廷`),
};

const PORTUGUESE: Culture = {
  given: words(`João 若昂, Pedro 佩德罗, Thiago 蒂亚戈, Rafael 拉斐尔, Gabriel 加布里埃尔, Lucas 卢卡斯,
    Matheus 马特乌斯, Bruno 布鲁诺, Diogo 迪奥戈, Gustavo 古斯塔沃, Vinícius 维尼修斯, Caio 卡约,
    Rodrigo 罗德里戈, Tiago 蒂亚戈, André 安德烈, Felipe 费利佩, Leandro 莱安德罗, Danilo 达尼洛,
    Renato 雷纳托, Igor 伊戈尔`),
  family: words(`Albuquerque 阿尔布开克, Barreto 巴雷托, Carvalhal 卡瓦利亚尔, Damasceno 达马塞诺,
    Esteves 埃斯特韦斯, Figueira 菲盖拉, Gouveia 古韦亚, Honorato 奥诺拉托, Lacerda 拉塞尔达,
    Magalhães 马加良斯, Nogueira 诺盖拉, Pimentel 皮门特尔, Quaresma 夸雷斯马, Rebelo 雷贝洛,
    Sampaio 桑帕约, Teixeira 特谢拉, Valadares 瓦拉达雷斯, Xavier 沙维尔, Moreira 莫雷拉, Bastos 巴斯托斯`),
  townStart: words(`Ara 阿拉, Bel 贝尔, Cam 坎, Itá 伊塔, Mar 马尔, Pira 皮拉, Lon 隆, Tau 陶, Vito 维托,
    Jaca 雅卡, Sor 索尔, Ita 伊塔`),
  townEnd: words(`cema 塞马, inho 伊尼奥, ópolis 波利斯, aba 阿巴, ema 埃马, ança 安萨, rita 里塔,
    guara 瓜拉, nova 诺瓦, alva 阿尔瓦`),
  clubs: words(`# FC #足球俱乐部, EC # #体育俱乐部, Sport # #体育, Atlético # #竞技, Clube # #俱乐部,
    Grêmio # #格雷米奥, União # #联合, # SC #体育会`),
};

const GERMAN: Culture = {
  given: words(`Lukas 卢卡斯, Jonas 约纳斯, Felix 费利克斯, Maximilian 马克西米利安, Leon 莱昂,
    Niklas 尼克拉斯, Tobias 托比亚斯, Florian 弗洛里安, Jannik 扬尼克, Moritz 莫里茨, Kilian 基利安,
    Timo 蒂莫, Fabian 法比安, Benedikt 贝内迪克特, Julian 尤利安, Marvin 马尔文, Dominik 多米尼克,
    Sebastian 塞巴斯蒂安, Matthias 马蒂亚斯, Till 蒂尔`),
  family: words(`Albrecht 阿尔布雷希特, Brenner 布伦纳, Dietrich 迪特里希, Eckhardt 埃克哈特,
    Falkner 法尔克纳, Gerlach 格拉赫, Hofmeister 霍夫迈斯特, Kessler 凯斯勒, Lindner 林德纳,
    Maurer 毛雷尔, Neumayer 诺伊迈尔, Oberle 奥伯勒, Pfeiffer 普法伊费尔, Reinhold 赖因霍尔德,
    Seidel 赛德尔, Trautmann 特劳特曼, Vogler 福格勒, Wendt 文特, Ziegler 齐格勒, Hartung 哈通`),
  townStart: words(`Alt 阿尔特, Bran 布兰, Dorn 多恩, Eich 艾希, Frei 弗赖, Hoh 霍, Lind 林德, Neu 诺伊,
    Ober 奥伯, Stein 施泰因, Wald 瓦尔德, Rosen 罗森`),
  townEnd: words(`bach 巴赫, berg 贝格, burg 堡, dorf 多夫, feld 费尔德, hausen 豪森, heim 海姆,
    stadt 施塔特, tal 塔尔, au 奥`),
  clubs: words(`FC # #足球俱乐部, SV # #体育协会, TSV # #体操运动协会, SC # #体育俱乐部, VfB # #运动协会,
    Eintracht # #艾因特拉赫特, Fortuna # #福图纳, 1. FC # #第一足球俱乐部`),
};

const ITALIAN: Culture = {
  given: words(`Lorenzo 洛伦佐, Matteo 马泰奥, Alessandro 亚历山德罗, Francesco 弗朗切斯科, Davide 达维德,
    Riccardo 里卡尔多, Federico 费德里科, Gabriele 加布里埃莱, Simone 西莫内, Andrea 安德烈亚,
    Nicolò 尼科洛, Tommaso 托马索, Pietro 彼得罗, Luca 卢卡, Edoardo 爱德华多, Giacomo 贾科莫,
    Stefano 斯特凡诺, Marco 马尔科, Filippo 菲利波, Emanuele 埃马努埃莱`),
  family: words(`Albertini 阿尔贝蒂尼, Bellandi 贝兰迪, Castellani 卡斯特拉尼, De Santis 德桑蒂斯,
    Ferraresi 费拉雷西, Galletti 加莱蒂, Lombardo 隆巴多, Marchetti 马尔凯蒂, Negri 内格里,
    Orsolini 奥尔索利尼, Pellegrini 佩莱格里尼, Rinaldi 里纳尔迪, Santoro 桑托罗, Tedeschi 泰代斯基,
    Valentini 瓦伦蒂尼, Zanetti 萨内蒂, Bruno 布鲁诺, Colombo 科隆博, Donati 多纳蒂, Moretti 莫雷蒂`),
  townStart:
    words(`Ca 卡, Fio 菲奥, Lu 卢, Mon 蒙, Pa 帕, Ro 罗, Sa 萨, Ter 泰尔, Vel 韦尔, Ol 奥尔, Cor 科尔,
    Bra 布拉`),
  townEnd: words(`rano 拉诺, sena 塞纳, vento 文托, gliano 利亚诺, tessa 泰萨, nico 尼科, lia 利亚,
    nello 内洛, riana 里亚纳, zzano 扎诺`),
  clubs: words(`AC # #足球俱乐部, # Calcio #足球, US # #体育联盟, Virtus # #维尔图斯, Sporting # #斯波廷,
    AS # #体育会, Pro # #普罗, Real # #皇家`),
};

const FRENCH: Culture = {
  given: words(`Louis 路易, Hugo 于戈, Théo 泰奥, Antoine 安托万, Mathis 马蒂斯, Clément 克莱芒,
    Baptiste 巴蒂斯特, Maxime 马克西姆, Quentin 康坦, Julien 朱利安, Romain 罗曼, Adrien 阿德里安,
    Bastien 巴斯蒂安, Florent 弗洛朗, Gaëtan 加埃唐, Loïc 卢瓦克, Nathan 纳唐, Yanis 亚尼斯, Enzo 恩佐,
    Rémi 雷米`),
  family: words(`Aubert 奥贝尔, Bonnefoy 博纳富瓦, Chevalier 舍瓦利耶, Delorme 德洛尔姆,
    Escoffier 埃斯科菲耶, Fontaine 方丹, Guérin 盖兰, Hamelin 阿姆兰, Lacroix 拉克鲁瓦, Marchand 马尔尚,
    Noiret 努瓦雷, Perrin 佩兰, Rivière 里维埃, Sauvage 索瓦热, Tessier 泰西耶, Vasseur 瓦瑟尔,
    Lemaire 勒梅尔, Dufresne 迪弗雷纳, Carpentier 卡庞捷, Morel 莫雷尔`),
  townStart: words(`Beau 博, Belle 贝勒, Char 沙尔, Mont 蒙, Roche 罗什, Saint- 圣, Ville 维尔, Val 瓦尔,
    Fon 丰, Mar 马尔, Pont- 蓬, Clair 克莱尔`),
  townEnd: words(`ville 维尔, mont 蒙, lieu 利厄, bourg 堡, court 库尔, fort 福尔, ais 艾, ac 阿克,
    enne 埃讷, ieux 约`),
  clubs: words(`FC # #足球俱乐部, Olympique # #奥林匹克, AS # #体育会, Stade # #斯塔德, RC # #竞赛俱乐部,
    US # #体育联盟, SC # #体育俱乐部, En Avant # #前进`),
};

const DUTCH: Culture = {
  given: words(`Daan 达恩, Sem 塞姆, Lars 拉斯, Bram 布拉姆, Jesse 耶塞, Thijs 泰斯, Ruben 鲁本, Stijn 斯泰恩,
    Joost 约斯特, Wout 沃特, Sven 斯文, Teun 特恩, Niels 尼尔斯, Koen 昆, Jurre 于勒, Milan 米兰, Gijs 海斯,
    Tijmen 泰门, Luuk 吕克, Floris 弗洛里斯`),
  family: words(`van Dalen 范达伦, de Bruin 德布勒因, Verhoeven 费尔赫芬, Koster 科斯特,
    van Leeuwen 范莱温, Hendriks 亨德里克斯, Bosman 博斯曼, de Graaf 德赫拉夫, Mulder 穆德,
    van Wijk 范韦克, Smit 斯米特, Brouwer 布劳沃, Kuipers 奎伯斯, Jonker 永克尔, Vermeulen 费尔默伦,
    de Ridder 德里德, Prins 普林斯, Huisman 赫伊斯曼, Dekker 德克尔, Veenstra 芬斯特拉`),
  townStart: words(`Zand 赞德, Ams 阿姆斯, Del 德尔, Hoog 霍赫, Lee 莱, Rot 罗特, Wa 瓦, Zwol 兹沃尔,
    Gro 赫罗, Bre 布雷, Hel 赫尔, Dor 多尔`),
  townEnd: words(`voort 福特, dam 丹, wijk 韦克, hoven 霍芬, veen 芬, huizen 豪森, egem 埃赫姆, sum 瑟姆,
    drecht 德雷赫特, loo 洛`),
  clubs: words(`# FC #足球俱乐部, VV # #足球协会, SC # #体育俱乐部, FC # #足球俱乐部, Sparta # #斯巴达,
    Quick # #快速, RKC # #RKC, Go Ahead # #前进`),
};

const CHINESE: Culture = {
  given: words(`Wei 伟, Hao 浩, Jun 俊, Lei 磊, Yang 洋, Chen 晨, Bo 博, Tao 涛, Xin 鑫, Peng 鹏, Kai 凯,
    Rui 睿, Feng 峰, Long 龙, Ming 明, Zhen 振, Hui 辉, Jie 杰, Yu 宇, Cheng 成`),
  family: words(`Wang 王, Li 李, Zhang 张, Liu 刘, Chen 陈, Yang 杨, Zhao 赵, Huang 黄, Zhou 周, Wu 吴,
    Xu 徐, Sun 孙, Ma 马, Zhu 朱, Hu 胡, Guo 郭, He 何, Lin 林, Luo 罗, Gao 高`),
  townStart: words(`Jin 锦, Hai 海, Long 龙, Shan 山, Yun 云, Qing 青, Hua 华, Tian 天, Dong 东, Xi 西,
    Nan 南, Bei 北`),
  townEnd: words(`zhou 州, yang 阳, ning 宁, an 安, sha 沙, chuan 川, feng 丰, men 门, hai 海, du 都`),
  clubs: words(`# Dragons #飞龙, # FC #足球俱乐部, # Lions #雄狮, # Phoenix #凤凰, # Tigers #猛虎,
    # Eagles #雄鹰, # Warriors #勇士, # Stars #星辰`),
  hanzi: true,
};

const JAPANESE: Culture = {
  given: words(`Haruto 阳翔, Ren 莲, Sota 苍太, Yuto 悠斗, Daiki 大树, Kaito 海斗, Riku 陆, Takumi 拓海,
    Hayato 隼人, Kenta 健太, Shota 翔太, Yuki 优希, Ryo 亮, Kazuki 一树, Naoki 直树, Tatsuya 达也,
    Hiroki 裕树, Sho 翔, Itsuki 树, Koji 浩二`),
  family: words(`Sato 佐藤, Takahashi 高桥, Watanabe 渡边, Ito 伊藤, Nakamura 中村, Kobayashi 小林,
    Yamamoto 山本, Inoue 井上, Kimura 木村, Hayashi 林, Shimizu 清水, Morita 森田, Ikeda 池田,
    Hashimoto 桥本, Ishikawa 石川, Ogawa 小川, Fujita 藤田, Okada 冈田, Matsuda 松田, Kondo 近藤`),
  townStart: words(`Aki 秋, Fuji 富士, Hana 花, Kawa 川, Mitsu 光, Naga 长, Oka 冈, Saku 樱, Taka 高,
    Yama 山, Shira 白, Kita 北`),
  townEnd: words(`gawa 川, hama 滨, moto 本, saki 崎, shima 岛, ta 田, zawa 泽, no 野, mura 村, oka 冈`),
  clubs: words(`# FC #足球俱乐部, # Blaze #烈焰, # Spirits #精灵, # Wings #之翼, # United #联, # Gale #疾风,
    # Rising #崛起, # Marines #海洋`),
  hanzi: true,
};

const KOREAN: Culture = {
  given: words(`Min-jun 敏俊, Seo-jun 瑞俊, Do-yun 道允, Ji-ho 智浩, Ha-jun 夏俊, Joon-young 俊英,
    Hyun-woo 贤宇, Sung-min 成民, Tae-yang 泰阳, Woo-jin 宇镇, Jae-won 在元, Dong-hyun 东贤,
    Sang-hoon 相勋, Kyung-soo 景洙, Young-ho 永浩, Jin-woo 镇宇, Seung-ho 承浩, Hee-chan 熙灿,
    Chan-young 灿荣, Eun-seok 恩锡`),
  family: words(`Kim 金, Lee 李, Park 朴, Choi 崔, Jung 郑, Kang 姜, Cho 赵, Yoon 尹, Jang 张, Lim 林,
    Han 韩, Oh 吴, Seo 徐, Shin 申, Kwon 权, Hwang 黄, Ahn 安, Song 宋, Jeon 全, Hong 洪`),
  townStart: words(`Dae 大, Han 汉, Jin 晋, Gwang 光, Cheong 清, Seo 瑞, Ul 蔚, Pyeong 平, Su 水, Mok 木,
    Chung 忠, Yeong 永`),
  townEnd: words(`ju 州, san 山, won 原, cheon 川, gu 邱, pyeong 平, dong 洞, po 浦, ryang 梁, do 岛`),
  clubs: words(`# FC #足球俱乐部, # Hyundai Sparks #现代火花, # Citizen #市民, # Steelers #钢铁人,
    # Bluewings #蓝翼, # Dolphins #海豚, # Rays #光芒, # Knights #骑士`),
  hanzi: true,
};

const NORDIC: Culture = {
  given: words(`Emil 埃米尔, Oskar 奥斯卡, Magnus 马格努斯, Anton 安东, Viktor 维克托, Erik 埃里克,
    Jonas 约纳斯, Mikkel 米克尔, Rasmus 拉斯穆斯, Nils 尼尔斯, Axel 阿克塞尔, Henrik 亨里克, Lauri 劳里,
    Aleksi 阿莱克西, Sondre 松德雷, Kasper 卡斯珀, Tobias 托比亚斯, Elias 埃利亚斯, Linus 莱纳斯,
    Jesper 耶斯佩尔`),
  family: words(`Lindqvist 林德奎斯特, Halvorsen 哈尔沃森, Bergström 贝里斯特伦, Kjær 谢尔, Nyberg 尼贝里,
    Sandvik 桑德维克, Holmberg 霍尔姆贝里, Virtanen 维尔塔宁, Dahl 达尔, Ekholm 埃克霍尔姆, Fjeld 菲耶尔,
    Lundgren 伦德格伦, Mäkinen 马基宁, Rask 拉斯克, Solberg 索尔贝里, Strand 斯特兰德, Vesterby 韦斯特比,
    Åkerlund 奥克伦德, Nordin 诺丁, Hagen 哈根`),
  townStart: words(`Fjell 菲耶尔, Sol 索尔, Lund 伦德, Vik 维克, Ås 奥斯, Berg 贝里, Strand 斯特兰德,
    Holm 霍尔姆, Eke 埃克, Norr 诺尔`),
  townEnd: words(`vik 维克, by 比, heim 海姆, sund 松德, dal 达尔, köping 雪平, stad 斯塔德, havn 港,
    näs 内斯, berg 贝里`),
  clubs: words(
    `IF # #体育会, # BK #球会, FK # #足球俱乐部, # IK #体育俱乐部, Idrott # #竞技, # FF #足球协会`,
  ),
};

const POLISH: Culture = {
  given: words(`Jakub 雅库布, Kacper 卡茨佩尔, Szymon 希蒙, Bartosz 巴尔托什, Mateusz 马泰乌什,
    Wojciech 沃伊切赫, Piotr 彼得, Kamil 卡米尔, Michał 米哈乌, Tomasz 托马什, Paweł 帕维乌, Dawid 达维德,
    Filip 菲利普, Marcin 马尔钦, Patryk 帕特里克, Łukasz 乌卡什, Oskar 奥斯卡, Adrian 阿德里安,
    Grzegorz 格热戈日, Krystian 克里斯蒂安`),
  family: words(`Kowalczyk 科瓦尔奇克, Wiśniewski 维希涅夫斯基, Zieliński 杰林斯基, Szymański 希曼斯基,
    Dąbrowski 东布罗夫斯基, Kozłowski 科兹沃夫斯基, Jankowski 扬科夫斯基, Mazur 马祖尔,
    Krawczyk 克拉夫奇克, Piotrowski 彼得罗夫斯基, Grabowski 格拉博夫斯基, Nowakowski 诺瓦科夫斯基,
    Pawlak 帕夫拉克, Michalski 米哈尔斯基, Wróbel 弗鲁贝尔, Jabłoński 雅布翁斯基, Majewski 马耶夫斯基,
    Olszewski 奥尔谢夫斯基, Stępień 斯腾皮恩, Malinowski 马利诺夫斯基`),
  townStart: words(`Brze 布热, Gło 格武, Kra 克拉, Lesz 莱什, Nowo 诺沃, Ostro 奥斯特罗, Prze 普热, Sta 斯塔,
    Wol 沃尔, Zabo 扎博`),
  townEnd: words(`gów 古夫, wice 维采, sław 斯瓦夫, nik 尼克, polec 波莱茨, wiec 维茨, szyn 申, lin 林,
    dów 杜夫, rzów 茹夫`),
  clubs: words(`KS # #体育俱乐部, # Volley #排球, AZS # #大学体育会, Stal # #钢铁, Jastrząb # #雄鹰,
    Trefl # #特雷夫`),
};

const SOUTHEAST_ASIAN: Culture = {
  given: words(`Minh 明, Tuan 俊, Hieu 孝, Rizky 里兹基, Aditya 阿迪蒂亚, Bayu 巴尤, Kiet 杰, Somchai 颂猜,
    Niran 尼兰, Jericho 杰里科, Marco 马可, Paolo 保罗, Arif 阿里夫, Danial 达尼亚尔, Hafiz 哈菲兹,
    Thanh 清, Quang 光, Kittipong 吉迪蓬, Rafael 拉斐尔, Ivan 伊万`),
  family: words(`Nguyen 阮, Tran 陈, Pham 范, Santoso 桑托索, Wijaya 维贾亚, Pratama 普拉塔玛, Saetang 赛堂,
    Wongsa 旺萨, Reyes 雷耶斯, Santos 桑托斯, Dela Cruz 德拉克鲁斯, Rahman 拉赫曼, Ismail 伊斯梅尔,
    Hakim 哈基姆, Le 黎, Vu 武, Bautista 包蒂斯塔, Mendoza 门多萨, Setiawan 塞蒂亚万, Chaiyaporn 猜亚蓬`),
  townStart: words(`Ban 班, Nak 那, Lam 林, Ha 河, Phu 富, Sura 苏拉, Sam 三, Bata 巴塔, Ton 通, Mala 马拉`),
  townEnd: words(`ngan 岸, baya 巴亚, long 隆, rang 朗, mai 迈, ri 里, ang 昂, wa 瓦, tan 丹, lim 林`),
  clubs: words(`# FC #足球俱乐部, # United #联, # Warriors #勇士, # Titans #泰坦`),
};

/** The language area of each country the simulator names things in. */
const CULTURE_BY_COUNTRY: Record<string, Culture> = {
  GB: ENGLISH,
  AU: ENGLISH,
  IN: ENGLISH,
  ZA: ENGLISH,
  US: AMERICAN,
  CA: AMERICAN,
  ES: SPANISH,
  AR: SPANISH,
  MX: SPANISH,
  CO: SPANISH,
  PT: PORTUGUESE,
  BR: PORTUGUESE,
  DE: GERMAN,
  AT: GERMAN,
  IT: ITALIAN,
  FR: FRENCH,
  BE: FRENCH,
  NL: DUTCH,
  CN: CHINESE,
  TW: CHINESE,
  JP: JAPANESE,
  KR: KOREAN,
  SE: NORDIC,
  DK: NORDIC,
  NO: NORDIC,
  FI: NORDIC,
  PL: POLISH,
  UA: POLISH,
  TR: ITALIAN,
  VN: SOUTHEAST_ASIAN,
  TH: SOUTHEAST_ASIAN,
  ID: SOUTHEAST_ASIAN,
  PH: SOUTHEAST_ASIAN,
  MY: SOUTHEAST_ASIAN,
};

export function cultureOf(country: string): Culture {
  return CULTURE_BY_COUNTRY[country] ?? ENGLISH;
}

export function personName(rng: Rng, culture: Culture): Named {
  const given = rng.pick(culture.given);
  const family = rng.pick(culture.family);
  // East Asian names put the family name first.
  const name =
    culture === CHINESE || culture === KOREAN
      ? `${family.text} ${given.text}`
      : `${given.text} ${family.text}`;
  return { name, zh: culture.hanzi ? `${family.zh}${given.zh}` : `${given.zh}·${family.zh}` };
}

export function townName(rng: Rng, culture: Culture): Named {
  const start = rng.pick(culture.townStart);
  const end = rng.pick(culture.townEnd);
  return { name: `${start.text}${end.text}`, zh: `${start.zh}${end.zh}` };
}

/** A club (GB: "Ashford Rovers") or, for franchise leagues, a town and a mascot ("Elmdale Comets"). */
export function clubName(rng: Rng, culture: Culture, town: Named, franchise: boolean): Named {
  const club = rng.pick(franchise ? AMERICAN.clubs : culture.clubs);
  return { name: club.text.replace('#', town.name), zh: club.zh.replace('#', town.zh) };
}

const ESPORTS_FIRST =
  words(`Crimson 赤红, Silver 白银, Iron 钢铁, Shadow 暗影, Neon 霓虹, Azure 苍蓝, Storm 风暴, Golden 黄金,
  Void 虚空, Frost 寒霜, Solar 烈阳, Lunar 皓月, Rapid 疾速, Wild 狂野, Quantum 量子, Vortex 漩涡,
  Obsidian 黑曜, Ember 余烬, Jade 翡翠, Nova 新星, Onyx 玛瑙, Scarlet 猩红, Polar 极地, Astral 星界`);
const ESPORTS_SECOND =
  words(`Wolves 狼队, Esports 电竞, Gaming 战队, Dynasty 王朝, Legion 军团, Titans 泰坦, Vipers 毒蛇,
  Knights 骑士, Ravens 渡鸦, Reign 统治, Pulse 脉冲, Owls 猫头鹰, Sharks 鲨鱼, Collective 联盟, Squad 小队,
  Raptors 猛禽, Monarchs 君主, Spectres 幽灵, Union 联合, Tide 浪潮`);
const HANDLE_START = list(
  `Ze, Kai, Ny, Vel, Ra, Tox, Lu, Mor, Fa, Ky, Sy, Dra, Vex, Zu, Qi, Ori, Ash, Bly, Cr, Hex`,
);
const HANDLE_END = list(`phyr, ro, x, ox, ven, ic, rn, ka, lix, ne, ra, to, ze, ith, ul, on, yx, en, az, iq`);

export function esportsTeamName(rng: Rng): Named {
  const first = rng.pick(ESPORTS_FIRST);
  const second = rng.pick(ESPORTS_SECOND);
  return { name: `${first.text} ${second.text}`, zh: `${first.zh}${second.zh}` };
}

/** An in-game handle such as "Velox" or "Kairn7". */
export function handle(rng: Rng): string {
  const base = `${rng.pick(HANDLE_START)}${rng.pick(HANDLE_END)}`;
  return rng.chance(0.15) ? `${base}${rng.between(1, 99)}` : base;
}

/** Short name of a team: the initials of a name of several words, else its first letters. */
export function shortNameOf(name: string): string {
  const words = name.split(/[\s-]+/).filter((word) => /^\p{Lu}/u.test(word) && word.length > 2);
  if (words.length >= 2)
    return words
      .map((word) => word[0])
      .join('')
      .slice(0, 4);
  return name
    .replace(/[^\p{L}]/gu, '')
    .slice(0, 3)
    .toUpperCase();
}

const VENUE_WORDS = ['Park', 'Stadium', 'Arena', 'Ground', 'Field', 'Dome', 'Centre'];

export function venueName(rng: Rng, town: string, sport: 'stadium' | 'arena'): string {
  if (sport === 'arena') return `${town} ${rng.pick(['Arena', 'Dome', 'Centre', 'Pavilion'])}`;
  return `${town} ${rng.pick(VENUE_WORDS)}`;
}
