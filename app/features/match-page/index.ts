// What other features use of the match centre: nothing yet (the pages take its files directly).
export {};
