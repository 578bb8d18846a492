// What other features use of the data library: nothing yet (the pages take its files directly).
export {};
