// Fachada do edifício: a residential tower with glass-railed balconies, seen from the sidewalk.
#declare Interior = no;
#include "common.inc"
#include "exterior.inc"

#declare Cam = <-9, 1.6, -22>;
camera { perspective location Cam look_at <-1, 11, 0> angle 64 right x * 4/3 }
Sky(1.5)
Sun(<-0.8, 1.0, -0.9>, 2.3)
light_source { Cam + <0, 10, -10> color rgb <0.8, 0.88, 1> * 0.12 shadowless }

#declare T_Facade = texture { pigment { rgb <0.9, 0.88, 0.84> } normal { granite 0.08 scale 0.1 } finish { diffuse 0.8 ambient 0 } }
object { Building(16, 10, T_Facade, true) }
// ground floor: stone cladding, lobby glass and a steel gate
box { <-8.05, 0, -0.05>, <8.05, 3.6, 12> texture { pigment { rgb <0.42, 0.4, 0.38> } normal { granite 0.3 scale 0.2 } finish { diffuse 0.8 ambient 0 specular 0.3 } } }
box { <-3, 0, -0.1>, <3, 3.0, -0.06> texture { pigment { rgb <0.1, 0.12, 0.13> } finish { diffuse 0.2 ambient 0 reflection { 0.2 0.7 fresnel } specular 0.8 roughness 0.002 } } }
// wooden brise panel accents up the side column
box { <5.5, 3.6, -0.2>, <8.05, 30.1, 0.1> T_Wood(<0.55, 0.38, 0.24>, <0.42, 0.28, 0.17>) }
// front wall (muro) with railings, sidewalk and street
box { <-16, 0, -5>, <16, 0.6, -4.8> texture { T_Concrete } }
#for (X, -16, 16, 0.12) cylinder { <X, 0.6, -4.9>, <X, 2.3, -4.9>, 0.012 texture { T_Black } } #end
box { <-60, -0.2, -60>, <60, 0, 60> texture { T_Lawn } }
plane { y, -0.25 texture { pigment { rgb <0.2, 0.3, 0.12> } finish { diffuse 0.8 ambient 0 } } }
// far ground beyond the lot }
box { <-60, 0, -9>, <60, 0.15, -5> texture { T_Calcada } }
box { <-60, -0.1, -30>, <60, 0.0, -9> texture { T_Asphalt } }
object { Palm(8, 6) translate <-12, 0, -3> }
object { Palm(9, -5) translate <10.5, 0, -3.2> }
object { Tree(6, 2.6, <0.14, 0.32, 0.1>) translate <-4, 0, -7> }
object { Shrub(1.0, <0.16, 0.36, 0.1>) translate <-6, 0, -3.5> }
object { Shrub(1.0, <0.16, 0.36, 0.1>) translate <4, 0, -3.5> }
// neighbours
box { <-34, 0, 5>, <-18, 20, 20> texture { pigment { rgb <0.8, 0.74, 0.65> } normal { gradient y 0.8 scale 2.9 } finish { diffuse 0.8 ambient 0 } } }
box { <20, 0, 8>, <36, 26, 22> texture { pigment { rgb <0.7, 0.72, 0.74> } normal { gradient y 0.8 scale 2.9 } finish { diffuse 0.8 ambient 0 } } }
