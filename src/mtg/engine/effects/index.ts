/** Every effect API module; importing this registers them all. */
export {};
