import '@/shared/platform/platform.css';
import './styles/console.css';
import { start } from './boot/start';

const container = document.getElementById('root');
if (container) void start(container);
