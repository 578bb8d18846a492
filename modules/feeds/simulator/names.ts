import type { Rng } from '../../sports';

/**
 * Invented names that read naturally: people, towns, clubs and esports teams are put together
 * from word and syllable lists of a language area, so no real club or person is named on purpose.
 */
export interface Culture {
  given: readonly string[];
  family: readonly string[];
  townStart: readonly string[];
  townEnd: readonly string[];
  /** How clubs of the area are named; `#` stands for the town. */
  clubs: readonly string[];
}

/** A list of words or names, written as one text: commas and line breaks separate them. */
function list(text: string): readonly string[] {
  return text.split(/,\s*/);
}

const ENGLISH: Culture = {
  given: list(`Oliver, Harry, Jack, George, Callum, Reece, Owen, Liam, Connor, Ethan, Lewis, Mason, Tyler,
    Jamie, Kieran, Declan, Ryan, Aaron, Joel, Nathan`),
  family: list(`Ashworth, Bramley, Carver, Dunmore, Ellison, Fairley, Garside, Hollins, Kettering, Lowther,
    Marsden, Norcott, Oakley, Pendry, Radley, Sheldon, Thorne, Whitlock, Yardley, Colby`),
  townStart: list(`Ash, Brad, Carl, Dun, Elm, Fair, Glen, Hart, Kings, Lang, Mill, Nor, Oak, Red, Stan, Thorn,
    Wes, Whit`),
  townEnd: ['bury', 'ford', 'ham', 'ley', 'mouth', 'ton', 'wick', 'field', 'borough', 'stead', 'combe'],
  clubs: ['# Rovers', '# United', '# Athletic', '# Town', '# City', '# Wanderers', '# Albion', '# FC'],
};

const AMERICAN: Culture = {
  ...ENGLISH,
  given: list(`Tyler, Jordan, Marcus, Devin, Cole, Brandon, Jalen, Austin, Trevor, Darius, Caleb, Logan,
    Malik, Wyatt, Isaiah, Chase, Derrick, Grant, Dante, Evan`),
  family: list(`Whitaker, Holloway, Brennan, Caldwell, Dawson, Emerson, Fulton, Granger, Hayes, Jennings,
    Lockhart, Mercer, Nolan, Prescott, Ramsey, Sutton, Tolliver, Vance, Whitfield, Barlow`),
  townEnd: ['ville', 'port', 'dale', 'ton', 'field', 'wood', 'ridge', ' Falls', ' Springs', 'burg'],
  clubs: list(`# Comets, # Stallions, # Hornets, # Mariners, # Pioneers, # Thunder, # Rapids, # Bison,
    # Foxes, # Outlaws, # Miners, # Storm`),
};

const SPANISH: Culture = {
  given: list(`Alejandro, Pablo, Diego, Javier, Sergio, Álvaro, Mateo, Iker, Rubén, Marcos, Adrián, Hugo,
    Raúl, Nicolás, Gonzalo, Tomás, Emilio, Ignacio, Joaquín, Lucas`),
  family: list(`Arrieta, Belmonte, Cabrera, Delgado, Escobedo, Ferrández, Galindo, Herrero, Iturbe, Lozano,
    Medina, Navarrete, Olmedo, Peralta, Quintero, Robles, Salcedo, Toledano, Urrutia, Villalba`),
  townStart: ['Val', 'Mont', 'Sant', 'Alca', 'Vill', 'Ter', 'Bel', 'Cas', 'Mar', 'Rob', 'Arr', 'Torre'],
  townEnd: ['encia', 'ejo', 'ares', 'ena', 'illa', 'oso', 'ada', 'era', 'alba', 'ucar'],
  clubs: ['CD #', 'Atlético #', '# CF', 'Deportivo #', 'UD #', 'Racing #', 'Club #', 'Sporting #'],
};

const PORTUGUESE: Culture = {
  given: list(`João, Pedro, Thiago, Rafael, Gabriel, Lucas, Matheus, Bruno, Diogo, Gustavo, Vinícius, Caio,
    Rodrigo, Tiago, André, Felipe, Leandro, Danilo, Renato, Igor`),
  family: list(`Albuquerque, Barreto, Carvalhal, Damasceno, Esteves, Figueira, Gouveia, Honorato, Lacerda,
    Magalhães, Nogueira, Pimentel, Quaresma, Rebelo, Sampaio, Teixeira, Valadares, Xavier,
    Moreira, Bastos`),
  townStart: ['Ara', 'Bel', 'Cam', 'Itá', 'Mar', 'Pira', 'Lon', 'Tau', 'Vito', 'Jaca', 'Sor', 'Ita'],
  townEnd: ['cema', 'inho', 'ópolis', 'aba', 'ema', 'ança', 'rita', 'guara', 'nova', 'alva'],
  clubs: ['# FC', 'EC #', 'Sport #', 'Atlético #', 'Clube #', 'Grêmio #', 'União #', '# SC'],
};

const GERMAN: Culture = {
  given: list(`Lukas, Jonas, Felix, Maximilian, Leon, Niklas, Tobias, Florian, Jannik, Moritz, Kilian, Timo,
    Fabian, Benedikt, Julian, Marvin, Dominik, Sebastian, Matthias, Till`),
  family: list(`Albrecht, Brenner, Dietrich, Eckhardt, Falkner, Gerlach, Hofmeister, Kessler, Lindner,
    Maurer, Neumayer, Oberle, Pfeiffer, Reinhold, Seidel, Trautmann, Vogler, Wendt, Ziegler,
    Hartung`),
  townStart: ['Alt', 'Bran', 'Dorn', 'Eich', 'Frei', 'Hoh', 'Lind', 'Neu', 'Ober', 'Stein', 'Wald', 'Rosen'],
  townEnd: ['bach', 'berg', 'burg', 'dorf', 'feld', 'hausen', 'heim', 'stadt', 'tal', 'au'],
  clubs: ['FC #', 'SV #', 'TSV #', 'SC #', 'VfB #', 'Eintracht #', 'Fortuna #', '1. FC #'],
};

const ITALIAN: Culture = {
  given: list(`Lorenzo, Matteo, Alessandro, Francesco, Davide, Riccardo, Federico, Gabriele, Simone, Andrea,
    Nicolò, Tommaso, Pietro, Luca, Edoardo, Giacomo, Stefano, Marco, Filippo, Emanuele`),
  family: list(`Albertini, Bellandi, Castellani, De Santis, Ferraresi, Galletti, Lombardo, Marchetti, Negri,
    Orsolini, Pellegrini, Rinaldi, Santoro, Tedeschi, Valentini, Zanetti, Bruno, Colombo, Donati,
    Moretti`),
  townStart: ['Ca', 'Fio', 'Lu', 'Mon', 'Pa', 'Ro', 'Sa', 'Ter', 'Vel', 'Ol', 'Cor', 'Bra'],
  townEnd: ['rano', 'sena', 'vento', 'gliano', 'tessa', 'nico', 'lia', 'nello', 'riana', 'zzano'],
  clubs: ['AC #', '# Calcio', 'US #', 'Virtus #', 'Sporting #', 'AS #', 'Pro #', 'Real #'],
};

const FRENCH: Culture = {
  given: list(`Louis, Hugo, Théo, Antoine, Mathis, Clément, Baptiste, Maxime, Quentin, Julien, Romain,
    Adrien, Bastien, Florent, Gaëtan, Loïc, Nathan, Yanis, Enzo, Rémi`),
  family: list(`Aubert, Bonnefoy, Chevalier, Delorme, Escoffier, Fontaine, Guérin, Hamelin, Lacroix,
    Marchand, Noiret, Perrin, Rivière, Sauvage, Tessier, Vasseur, Lemaire, Dufresne, Carpentier,
    Morel`),
  townStart: list(`Beau, Belle, Char, Mont, Roche, Saint-, Ville, Val, Fon, Mar, Pont-, Clair`),
  townEnd: ['ville', 'mont', 'lieu', 'bourg', 'court', 'fort', 'ais', 'ac', 'enne', 'ieux'],
  clubs: ['FC #', 'Olympique #', 'AS #', 'Stade #', 'RC #', 'US #', 'SC #', 'En Avant #'],
};

const DUTCH: Culture = {
  given: list(`Daan, Sem, Lars, Bram, Jesse, Thijs, Ruben, Stijn, Joost, Wout, Sven, Teun, Niels, Koen,
    Jurre, Milan, Gijs, Tijmen, Luuk, Floris`),
  family: list(`van Dalen, de Bruin, Verhoeven, Koster, van Leeuwen, Hendriks, Bosman, de Graaf, Mulder,
    van Wijk, Smit, Brouwer, Kuipers, Jonker, Vermeulen, de Ridder, Prins, Huisman, Dekker,
    Veenstra`),
  townStart: ['Zand', 'Ams', 'Del', 'Hoog', 'Lee', 'Rot', 'Wa', 'Zwol', 'Gro', 'Bre', 'Hel', 'Dor'],
  townEnd: ['voort', 'dam', 'wijk', 'hoven', 'veen', 'huizen', 'egem', 'sum', 'drecht', 'loo'],
  clubs: ['# FC', 'VV #', 'SC #', 'FC #', 'Sparta #', 'Quick #', 'RKC #', 'Go Ahead #'],
};

const CHINESE: Culture = {
  given: list(`Wei, Hao, Jun, Lei, Yang, Chen, Bo, Tao, Xin, Peng, Kai, Rui, Feng, Long, Ming, Zhen, Hui,
    Jie, Yu, Cheng`),
  family: list(`Wang, Li, Zhang, Liu, Chen, Yang, Zhao, Huang, Zhou, Wu, Xu, Sun, Ma, Zhu, Hu, Guo, He, Lin,
    Luo, Gao`),
  townStart: ['Jin', 'Hai', 'Long', 'Shan', 'Yun', 'Qing', 'Hua', 'Tian', 'Dong', 'Xi', 'Nan', 'Bei'],
  townEnd: ['zhou', 'yang', 'ning', 'an', 'sha', 'chuan', 'feng', 'men', 'hai', 'du'],
  clubs: ['# Dragons', '# FC', '# Lions', '# Phoenix', '# Tigers', '# Eagles', '# Warriors', '# Stars'],
};

const JAPANESE: Culture = {
  given: list(`Haruto, Ren, Sota, Yuto, Daiki, Kaito, Riku, Takumi, Hayato, Kenta, Shota, Yuki, Ryo, Kazuki,
    Naoki, Tatsuya, Hiroki, Sho, Itsuki, Koji`),
  family: list(`Sato, Takahashi, Watanabe, Ito, Nakamura, Kobayashi, Yamamoto, Inoue, Kimura, Hayashi,
    Shimizu, Morita, Ikeda, Hashimoto, Ishikawa, Ogawa, Fujita, Okada, Matsuda, Kondo`),
  townStart: ['Aki', 'Fuji', 'Hana', 'Kawa', 'Mitsu', 'Naga', 'Oka', 'Saku', 'Taka', 'Yama', 'Shira', 'Kita'],
  townEnd: ['gawa', 'hama', 'moto', 'saki', 'shima', 'ta', 'zawa', 'no', 'mura', 'oka'],
  clubs: ['# FC', '# Blaze', '# Spirits', '# Wings', '# United', '# Gale', '# Rising', '# Marines'],
};

const KOREAN: Culture = {
  given: list(`Min-jun, Seo-jun, Do-yun, Ji-ho, Ha-jun, Joon-young, Hyun-woo, Sung-min, Tae-yang, Woo-jin,
    Jae-won, Dong-hyun, Sang-hoon, Kyung-soo, Young-ho, Jin-woo, Seung-ho, Hee-chan, Chan-young,
    Eun-seok`),
  family: list(`Kim, Lee, Park, Choi, Jung, Kang, Cho, Yoon, Jang, Lim, Han, Oh, Seo, Shin, Kwon, Hwang, Ahn,
    Song, Jeon, Hong`),
  townStart: ['Dae', 'Han', 'Jin', 'Gwang', 'Cheong', 'Seo', 'Ul', 'Pyeong', 'Su', 'Mok', 'Chung', 'Yeong'],
  townEnd: ['ju', 'san', 'won', 'cheon', 'gu', 'pyeong', 'dong', 'po', 'ryang', 'do'],
  clubs: list(`# FC, # Hyundai Sparks, # Citizen, # Steelers, # Bluewings, # Dolphins, # Rays, # Knights`),
};

const NORDIC: Culture = {
  given: list(`Emil, Oskar, Magnus, Anton, Viktor, Erik, Jonas, Mikkel, Rasmus, Nils, Axel, Henrik, Lauri,
    Aleksi, Sondre, Kasper, Tobias, Elias, Linus, Jesper`),
  family: list(`Lindqvist, Halvorsen, Bergström, Kjær, Nyberg, Sandvik, Holmberg, Virtanen, Dahl, Ekholm,
    Fjeld, Lundgren, Mäkinen, Rask, Solberg, Strand, Vesterby, Åkerlund, Nordin, Hagen`),
  townStart: ['Fjell', 'Sol', 'Lund', 'Vik', 'Ås', 'Berg', 'Strand', 'Holm', 'Eke', 'Norr'],
  townEnd: ['vik', 'by', 'heim', 'sund', 'dal', 'köping', 'stad', 'havn', 'näs', 'berg'],
  clubs: ['IF #', '# BK', 'FK #', '# IK', 'Idrott #', '# FF'],
};

const POLISH: Culture = {
  given: list(`Jakub, Kacper, Szymon, Bartosz, Mateusz, Wojciech, Piotr, Kamil, Michał, Tomasz, Paweł,
    Dawid, Filip, Marcin, Patryk, Łukasz, Oskar, Adrian, Grzegorz, Krystian`),
  family: list(`Kowalczyk, Wiśniewski, Zieliński, Szymański, Dąbrowski, Kozłowski, Jankowski, Mazur,
    Krawczyk, Piotrowski, Grabowski, Nowakowski, Pawlak, Michalski, Wróbel, Jabłoński, Majewski,
    Olszewski, Stępień, Malinowski`),
  townStart: ['Brze', 'Gło', 'Kra', 'Lesz', 'Nowo', 'Ostro', 'Prze', 'Sta', 'Wol', 'Zabo'],
  townEnd: ['gów', 'wice', 'sław', 'nik', 'polec', 'wiec', 'szyn', 'lin', 'dów', 'rzów'],
  clubs: ['KS #', '# Volley', 'AZS #', 'Stal #', 'Jastrząb #', 'Trefl #'],
};

const SOUTHEAST_ASIAN: Culture = {
  given: list(`Minh, Tuan, Hieu, Rizky, Aditya, Bayu, Kiet, Somchai, Niran, Jericho, Marco, Paolo, Arif,
    Danial, Hafiz, Thanh, Quang, Kittipong, Rafael, Ivan`),
  family: list(`Nguyen, Tran, Pham, Santoso, Wijaya, Pratama, Saetang, Wongsa, Reyes, Santos, Dela Cruz,
    Rahman, Ismail, Hakim, Le, Vu, Bautista, Mendoza, Setiawan, Chaiyaporn`),
  townStart: ['Ban', 'Nak', 'Lam', 'Ha', 'Phu', 'Sura', 'Sam', 'Bata', 'Ton', 'Mala'],
  townEnd: ['ngan', 'baya', 'long', 'rang', 'mai', 'ri', 'ang', 'wa', 'tan', 'lim'],
  clubs: ['# FC', '# United', '# Warriors', '# Titans'],
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

export function personName(rng: Rng, culture: Culture): string {
  const given = rng.pick(culture.given);
  const family = rng.pick(culture.family);
  // East Asian names put the family name first.
  return culture === CHINESE || culture === KOREAN ? `${family} ${given}` : `${given} ${family}`;
}

export function townName(rng: Rng, culture: Culture): string {
  return `${rng.pick(culture.townStart)}${rng.pick(culture.townEnd)}`;
}

/** A club (GB: "Ashford Rovers") or, for franchise leagues, a town and a mascot ("Elmdale Comets"). */
export function clubName(rng: Rng, culture: Culture, town: string, franchise: boolean): string {
  return rng.pick(franchise ? AMERICAN.clubs : culture.clubs).replace('#', town);
}

const ESPORTS_FIRST =
  list(`Crimson, Silver, Iron, Shadow, Neon, Azure, Storm, Golden, Void, Frost, Solar, Lunar, Rapid,
  Wild, Quantum, Vortex, Obsidian, Ember, Jade, Nova, Onyx, Scarlet, Polar, Astral`);
const ESPORTS_SECOND =
  list(`Wolves, Esports, Gaming, Dynasty, Legion, Titans, Vipers, Knights, Ravens, Reign, Pulse, Owls,
  Sharks, Collective, Squad, Raptors, Monarchs, Spectres, Union, Tide`);
const HANDLE_START = list(
  `Ze, Kai, Ny, Vel, Ra, Tox, Lu, Mor, Fa, Ky, Sy, Dra, Vex, Zu, Qi, Ori, Ash, Bly, Cr, Hex`,
);
const HANDLE_END = list(`phyr, ro, x, ox, ven, ic, rn, ka, lix, ne, ra, to, ze, ith, ul, on, yx, en, az, iq`);

export function esportsTeamName(rng: Rng): string {
  return `${rng.pick(ESPORTS_FIRST)} ${rng.pick(ESPORTS_SECOND)}`;
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
