/** What the blocks module offers other modules: whether two people blocked each other, either way. */
export { isBlockedBetween } from './blocks-repository';
