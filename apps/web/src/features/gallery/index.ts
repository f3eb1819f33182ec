export { GalleryScreen } from './components/gallery-screen';
