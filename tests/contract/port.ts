export const CONTRACT_PORT = 8794;
