// The 404 example is the page every unknown address shows.
export { default } from '../../../exception/NotFoundPage';
