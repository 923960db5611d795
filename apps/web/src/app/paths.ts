// The route table's paths live in the contract, so the server's links use the very same ones.
export { paths } from '@annadaan/contract/paths';
