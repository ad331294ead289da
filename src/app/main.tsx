import '@/shared/platform/platform.css';
import './styles/global.css';
import { start } from './boot/start';

const container = document.getElementById('root');
if (container) void start(container);
