// What other features use of the coin mall: nothing yet (the pages take its files directly).
export {};
