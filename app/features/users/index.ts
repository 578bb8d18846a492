// What other features use of the user centre: nothing yet (the pages take its files directly).
export {};
