// What other features use of news and videos: nothing yet (the pages take its files directly).
export {};
