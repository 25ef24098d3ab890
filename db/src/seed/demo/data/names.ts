/**
 * Demo data: players' names by country (most players are Nordic, as at Gothia Cup, but from many countries), gamer
 * tag words and favourite teams.
 */
interface NamePool {
  /** ISO 3166-1 alpha-2 code, lower case, as in domain/src/countries.ts. */
  code: string;
  /** Relative share of demo players from this country. */
  weight: number;
  /** Space-separated names; '_' stands for a space inside one name ("van_den_Berg"). */
  first: string;
  last: string;
}

export const NAME_POOLS: readonly NamePool[] = [
  {
    code: 'se',
    weight: 30,
    first:
      'Erik Lucas Liam William Elias Noah Hugo Oliver Oscar Adam Felix Viktor Isak Leo Albin Hampus Melvin Vincent Ella Alice Maja Elsa Ebba Wilma Saga Alva Olivia Astrid Linnea Moa Tilde Nora Selma Ida',
    last: 'Andersson Johansson Karlsson Nilsson Eriksson Larsson Olsson Persson Svensson Gustafsson Pettersson Jonsson Hansson Bengtsson Lindberg Lindqvist Lindström Bergström Lundgren Holm Sjöberg Nyberg Ekström Wallin Sandberg Forsberg Axelsson Åkesson Öberg Hedlund',
  },
  {
    code: 'no',
    weight: 8,
    first: 'Jakob Emil Filip Magnus Sander Henrik Mathias Jonas Nora Emma Ingrid Sofie Thea Sigrid Marte Jenny',
    last: 'Hansen Johansen Olsen Larsen Andersen Pedersen Nilsen Kristiansen Jensen Berg Haugen Hagen Johannessen Bakken Solberg Dahl',
  },
  {
    code: 'dk',
    weight: 6,
    first: 'Mads Rasmus Frederik Mikkel Malthe Oliver Anders Christian Freja Clara Karla Laura Mathilde Josefine',
    last: 'Jensen Nielsen Hansen Pedersen Andersen Christensen Larsen Sørensen Rasmussen Jørgensen Madsen Kristensen Møller Poulsen',
  },
  {
    code: 'fi',
    weight: 5,
    first: 'Eino Väinö Onni Leevi Aleksi Juho Veeti Aino Eevi Helmi Venla Emilia Siiri',
    last: 'Korhonen Virtanen Mäkinen Nieminen Mäkelä Hämäläinen Laine Heikkinen Koskinen Järvinen Lehtonen Salminen',
  },
  {
    code: 'is',
    weight: 2,
    first: 'Aron Gylfi Jón Birkir Hannes Sara Dagný Glódís Katrín',
    last: 'Gunnarsson Sigurðsson Jónsson Magnússon Halldórsson Ólafsson Stefánsdóttir Jónsdóttir Viggósdóttir',
  },
  {
    code: 'de',
    weight: 6,
    first: 'Leon Luca Finn Paul Jonas Ben Maximilian Niklas Lena Hannah Lea Marie Sophie Lina',
    last: 'Müller Schmidt Schneider Fischer Weber Meyer Wagner Becker Schulz Hoffmann Koch Richter Wolf Schäfer',
  },
  {
    code: 'gb',
    weight: 5,
    first: 'Harry Jack George Charlie Jacob Alfie Thomas Joshua Amelia Isla Ava Emily Poppy Grace',
    last: 'Smith Jones Taylor Brown Williams Wilson Johnson Davies Robinson Wright Thompson Evans Walker Hughes',
  },
  {
    code: 'nl',
    weight: 3,
    first: 'Daan Sem Lucas Milan Bram Thijs Jesse Sanne Fenna Tess Lotte Julia',
    last: 'de_Jong Jansen de_Vries van_den_Berg van_Dijk Bakker Visser Smit Meijer de Boer Mulder Bos',
  },
  {
    code: 'es',
    weight: 3,
    first: 'Hugo Martín Pablo Álvaro Alejandro Daniel Adrián Lucía Paula Martina Carla Sara',
    last: 'García Fernández González Rodríguez López Martínez Sánchez Pérez Gómez Ruiz Díaz Moreno',
  },
  {
    code: 'it',
    weight: 3,
    first: 'Francesco Alessandro Lorenzo Mattia Andrea Gabriele Tommaso Giulia Sofia Aurora Chiara Alice',
    last: 'Rossi Russo Ferrari Esposito Bianchi Romano Colombo Ricci Marino Greco Bruno Gallo',
  },
  {
    code: 'fr',
    weight: 3,
    first: 'Lucas Hugo Louis Gabriel Arthur Jules Nathan Emma Jade Louise Chloé Inès',
    last: 'Martin Bernard Dubois Thomas Robert Richard Petit Durand Leroy Moreau Simon Laurent',
  },
  {
    code: 'pt',
    weight: 2,
    first: 'João Rodrigo Tiago Diogo Afonso Rafael Beatriz Matilde Leonor Inês',
    last: 'Silva Santos Ferreira Pereira Oliveira Costa Rodrigues Martins Sousa Fernandes',
  },
  {
    code: 'pl',
    weight: 3,
    first: 'Jakub Kacper Szymon Filip Bartosz Mateusz Zuzanna Julia Maja Hanna',
    last: 'Nowak Kowalski Wiśniewski Wójcik Kowalczyk Kamiński Lewandowski Zieliński Szymański Woźniak',
  },
  {
    code: 'hr',
    weight: 2,
    first: 'Luka Ivan Marko Josip Ante Petra Ana Lucija Ema',
    last: 'Horvat Kovačević Babić Marić Jurić Novak Kovačić Knežević Vuković',
  },
  {
    code: 'rs',
    weight: 1,
    first: 'Nikola Stefan Lazar Dušan Milica Jovana Teodora',
    last: 'Jovanović Petrović Nikolić Marković Đorđević Stojanović Ilić',
  },
  {
    code: 'gr',
    weight: 1,
    first: 'Giorgos Dimitris Konstantinos Nikos Eleni Maria Katerina',
    last: 'Papadopoulos Georgiou Dimitriou Nikolaou Konstantinou Ioannou Pappas',
  },
  {
    code: 'tr',
    weight: 2,
    first: 'Yusuf Emir Mehmet Ömer Arda Zeynep Elif Defne Ecem',
    last: 'Yılmaz Kaya Demir Şahin Çelik Yıldız Yıldırım Öztürk Aydın',
  },
  {
    code: 'br',
    weight: 3,
    first: 'Miguel Arthur Davi Gabriel Heitor Enzo Alice Laura Helena Valentina Manuela',
    last: 'Silva Santos Oliveira Souza Lima Pereira Ferreira Almeida Costa Ribeiro Carvalho',
  },
  {
    code: 'ar',
    weight: 2,
    first: 'Santiago Mateo Thiago Benjamín Joaquín Valentina Sofía Camila Martina',
    last: 'González Rodríguez Gómez Fernández López Díaz Martínez Pérez Romero',
  },
  {
    code: 'mx',
    weight: 1,
    first: 'Santiago Diego Emiliano Sebastián Ximena Regina Renata',
    last: 'Hernández García Martínez López González Ramírez Flores',
  },
  {
    code: 'us',
    weight: 2,
    first: 'Liam Mason Ethan Logan Tyler Madison Emma Abigail Harper',
    last: 'Miller Davis Anderson Moore Jackson White Harris Clark Lewis',
  },
  {
    code: 'ng',
    weight: 2,
    first: 'Chinedu Emeka Tobi Ayodele Oluwaseun Chiamaka Ngozi Adaeze Funmi',
    last: 'Okafor Adeyemi Okonkwo Eze Balogun Nwosu Adebayo Ogunleye Obi',
  },
  {
    code: 'gh',
    weight: 1,
    first: 'Kwame Kofi Yaw Kwabena Akosua Ama Abena',
    last: 'Mensah Owusu Boateng Asante Osei Appiah Agyemang',
  },
  {
    code: 'ma',
    weight: 1,
    first: 'Youssef Amine Hamza Ayoub Salma Imane Yasmine',
    last: 'El_Amrani Benali Alaoui Idrissi Bennani Tazi Chraibi',
  },
  {
    code: 'eg',
    weight: 1,
    first: 'Omar Ahmed Mohamed Youssef Karim Nour Mariam Salma',
    last: 'Hassan Mahmoud Ibrahim Mostafa Salah Abdelrahman Fathy Saleh',
  },
  {
    code: 'jp',
    weight: 1,
    first: 'Haruto Sota Yuto Riku Hina Yui Sakura',
    last: 'Sato Suzuki Takahashi Tanaka Watanabe Ito Yamamoto',
  },
  {
    code: 'kr',
    weight: 1,
    first: 'Minjun Seojun Jiho Dohyun Seoyeon Jiwoo Haeun',
    last: 'Kim Lee Park Choi Jung Kang Cho',
  },
  {
    code: 'ie',
    weight: 1,
    first: 'Conor Seán Oisín Cian Aoife Saoirse Niamh',
    last: 'Murphy Kelly Byrne Ryan O’Brien Walsh Doyle',
  },
  {
    code: 'be',
    weight: 1,
    first: 'Arthur Louis Noah Jules Olivia Emma Elena',
    last: 'Peeters Janssens Maes Jacobs Mertens Willems Claes',
  },
];

/** Team-name picks: most FIFA players choose one of the big clubs. */
export const POPULAR_FIFA_TEAMS = [
  'Real Madrid',
  'FC Barcelona',
  'Liverpool',
  'Manchester City',
  'Paris Saint-Germain',
  'FC Bayern München',
  'Juventus',
  'Manchester United',
  'Chelsea',
  'Borussia Dortmund',
] as const;

export const GAMER_TAG_WORDS = [
  'Striker',
  'Golden',
  'Nordic',
  'Turbo',
  'Silent',
  'Captain',
  'Rapid',
  'Magic',
  'Iron',
  'Viking',
];
export const USERNAME_SUFFIXES = ['fc', '_fifa', '10', '9', '7', '_gg', '_ps4', '_yt', 'x', '_cf'];
