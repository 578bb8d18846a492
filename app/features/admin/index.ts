// What other features use of the admin console: nothing yet (the pages take its files directly).
export {};
