export {
  $revealed,
} from './model/reveal';
export { RevealButton, RevealDialog, RevealPanel } from './ui/reveal';
